import * as v from 'valibot';

/**
 * A sentence the server writes, given as a code and the data it names (local-server extra,
 * docs/decisions/641-server-words-as-codes.md): the screen words it from the message catalogue in
 * the page's language (src/i18n/server-words.ts). An API that sends only its own sentence, or a
 * code this app does not know, is shown with that sentence.
 */
export const ServerWords = v.object({
  code: v.pipe(v.string(), v.maxLength(80)),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});
export type ServerWords = v.InferOutput<typeof ServerWords>;
