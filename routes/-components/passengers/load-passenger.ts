import { passengersApi } from '#src/api/passengers';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The saved passenger to edit (GET passengers/saved-passenger/{id}): the edit-passenger route's `loader` (docs/decisions/730). */
export const loadPassenger = (load: FirstDataLoad, passengerId: string) =>
  loadFirstData(load, (call) => passengersApi(load.context.api).get(passengerId, call));
