import { useRouter } from '@tanstack/react-router';
import * as v from 'valibot';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The refund flow's hand-over after a partial refund: wait for the replacement, then "Refund complete". */
    waitForSuperseders?: boolean;
  }
}

/** Whether the refund flow handed over "wait for the replacement" in history state (checked, never trusted as is). */
export function useHandedOverWait(): boolean {
  return useRouter().state.location.state.waitForSuperseders === true;
}

/** `true`/`false` (booleans or strings) as a boolean; anything else is ignored rather than trusted. */
const flag = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.picklist(['true', 'false'])]),
      v.transform((x) => x === true || x === 'true'),
    ),
  ),
  undefined,
);

/** Search of the history routes: waitForSuperseders, bookingchanged (spec) and refundComplete. */
export const historySearch = v.object({
  waitForSuperseders: flag,
  bookingchanged: flag,
  refundComplete: flag,
});
