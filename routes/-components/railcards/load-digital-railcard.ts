import { railcardsApi } from '#src/api/railcards';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** A digital railcard, its route's `loader` (docs/decisions/730): the call its chart makes. */
export const loadDigitalRailcard = (load: FirstDataLoad, railcardId: string) =>
  loadFirstData(load, (call) => railcardsApi(load.context.api).digital(railcardId, call));
