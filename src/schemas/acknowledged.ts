import * as v from 'valibot';

/**
 * A 2xx whose body docs/product/api.md does not describe (resend email, delete card, delete passenger,
 * delete railcard): an empty body (null) or the local server's `{success: true}` (a local-server
 * extra). A body that says anything else (`{success: false}`) is still a mismatch.
 */
export const Acknowledged = v.nullable(v.object({ success: v.optional(v.literal(true)) }));
