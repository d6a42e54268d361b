import * as v from 'valibot';

/**
 * docs/product/screens.md: the refund page takes a quote id and a `from` of history or detail. Its own small
 * module: the route's search check loads with the route tree, the screen only when it opens.
 */
export const refundSearch = v.object({
  quoteId: v.optional(v.pipe(v.string(), v.maxLength(128))),
  from: v.optional(v.picklist(['history', 'detail'])),
});
