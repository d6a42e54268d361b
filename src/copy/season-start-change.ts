/**
 * The words for the outcomes machines/season-start-change.ts names, from the message catalogue: its
 * screen shows these; the chart carries only codes (docs/decisions/710).
 */
import type { StartDateProblem } from '#machines/season-start-change';
import { m } from '#src/paraglide/messages.js';

/** The new start date's problem in the date validation's words (docs/decisions/790-season-start-date-screen.md). */
export const startDateMessage = (problem: StartDateProblem | null): string | undefined => {
  switch (problem) {
    case 'required':
      return m.season_start_error_required();
    case 'format':
      return m.season_start_error_format();
    case 'tooSoon':
      return m.season_start_error_too_soon();
    case 'tooLate':
      return m.season_start_error_too_late();
    case 'same':
      return m.journey_change_refusal_same_start_date();
    default:
      return undefined;
  }
};
