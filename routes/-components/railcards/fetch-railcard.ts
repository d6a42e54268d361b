import type { LoadedRailcard, RailcardFormMode } from '#machines/railcard-form';
import type { ApiClient } from '#src/api/client';
import { passengersApi } from '#src/api/passengers';
import { railcardsApi } from '#src/api/railcards';
import type { FirstCall } from '../load-first-data';

/**
 * What the railcard form opens on: the railcard type and its passenger's name, and, to edit, the
 * held card. Its chart's own load (a retry) and its route's loader (docs/decisions/730) both ask here;
 * `call` is the loader's (cancelled with the navigation; a preload never signs out).
 */
export const fetchRailcard = async (
  api: ApiClient,
  input: { mode: RailcardFormMode; passengerId: string; railcardId: string },
  call?: FirstCall,
): Promise<LoadedRailcard> => {
  const railcards = railcardsApi(api);
  const passengers = passengersApi(api);
  if (input.mode === 'edit') {
    const [held, type] = await Promise.all([
      railcards.get(input.passengerId, input.railcardId, call),
      railcards.catalogueEntry(input.railcardId, call),
    ]);
    // docs/product/api.md's answer is `{railcard}`: without the passenger's name, the saved passenger's.
    const passenger = held.passenger ?? (await passengers.get(input.passengerId, call));
    return {
      passenger: { id: passenger.id, firstName: passenger.firstName, lastName: passenger.lastName },
      railcard: type,
      held: held.railcard,
    };
  }
  const [type, passenger] = await Promise.all([
    railcards.catalogueEntry(input.railcardId, call),
    passengers.get(input.passengerId, call),
  ]);
  return {
    passenger: { id: passenger.id, firstName: passenger.firstName, lastName: passenger.lastName },
    railcard: type,
    held: null,
  };
};
