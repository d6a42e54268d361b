/**
 * The words for the outcomes machines/edit-passengers.ts names, from the message catalogue: its screens
 * show these; the chart carries only codes (docs/decisions/710).
 */
import { m } from '#src/paraglide/messages.js';

/** Not given by the spec (docs/decisions/022-edit-passengers-one-at-a-time.md). */
export const editPassengersMessages = {
  get generic() {
    return m.edit_passengers_generic();
  },
  get saved() {
    return m.edit_passengers_saved();
  },
  /** DUPLICATE_NAME in the page's words (the server's sentence is English): tied to the name's fields. */
  get duplicateName() {
    return m.edit_passengers_duplicate_name();
  },
} as const;
