import type { RailcardFormMode } from '#machines/railcard-form';
import { loadFirstData, type FirstDataLoad } from '../load-first-data';
import { fetchRailcard } from './fetch-railcard';

/**
 * The railcard form's first data (the railcard type, its passenger, and to edit the held card): the
 * add-railcard and edit-railcard routes' `loader` (docs/decisions/730).
 */
export const loadRailcard = (
  load: FirstDataLoad,
  input: { mode: RailcardFormMode; passengerId: string; railcardId: string },
) => loadFirstData(load, (call) => fetchRailcard(load.context.api, input, call));
