import { m } from '#src/paraglide/messages.js';

/** Copy of the personal details screen (docs/decisions/161), from the catalogue. */
export const personalDetailsCopy = {
  get draftRestored() {
    return m.personal_details_draft_restored();
  },
};
