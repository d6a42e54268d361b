import { passengersApi } from '#src/api/passengers';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';

/** The saved passengers and their railcards, the list route's `loader` (docs/decisions/730). */
export const loadPassengers = (load: FirstDataLoad) =>
  loadFirstData(load, (call) => passengersApi(load.context.api).list(call));
