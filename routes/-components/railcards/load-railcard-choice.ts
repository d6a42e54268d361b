import { railcardsApi } from '#src/api/railcards';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The railcards a passenger can add, the choosing route's `loader` (docs/decisions/730): the call its chart makes. */
export const loadRailcardChoice = (load: FirstDataLoad, passengerId: string) =>
  loadFirstData(load, (call) => railcardsApi(load.context.api).availableFor(passengerId, call));
