import * as v from 'valibot';

/** `?redirect=` is kept only as a string here; it is made safe (same-origin, /my-account) before use. */
export const LoginSearch = v.object({
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});
