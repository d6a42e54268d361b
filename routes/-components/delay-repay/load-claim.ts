import { delayRepayApi } from '#src/api/delay-repay';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The claim (GET claim/{claimId}): the signed-in claim routes' `loader` (docs/decisions/730). */
export const loadClaim = (load: FirstDataLoad, claimId: string) =>
  loadFirstData(load, (call) => delayRepayApi(load.context.api).getClaim(claimId, call));
