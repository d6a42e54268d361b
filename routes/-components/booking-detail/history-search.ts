import * as v from 'valibot';

/** `true`/`false` (booleans or strings) as a boolean; anything else is ignored rather than trusted. */
const flag = v.fallback(
  v.optional(v.pipe(v.union([v.boolean(), v.picklist(['true', 'false'])]), v.transform((x) => x === true || x === 'true'))),
  undefined,
);

/** Search of the history routes: waitForSuperseders, bookingchanged (spec) and refundComplete. */
export const historySearch = v.object({
  waitForSuperseders: flag,
  bookingchanged: flag,
  refundComplete: flag,
});
