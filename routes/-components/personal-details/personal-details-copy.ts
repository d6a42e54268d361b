import { m } from '#src/paraglide/messages.js';

/** Copy of the personal details screen added for issue 8 (docs/decisions/160), from the catalogue. */
export const personalDetailsCopy = {
  get draftRestored() {
    return m.personal_details_draft_restored();
  },
};
