/**
 * What a customer typed into a form whose save was refused with 401 (signed out meanwhile): held
 * in memory only (never localStorage or the URL) until the same screen opens again after sign-in.
 * Keyed by screen; a page reload forgets it, as it should.
 */
export const createDraftStore = () => {
  const drafts = new Map<string, unknown>();
  return {
    keep: (key: string, draft: unknown) => void drafts.set(key, draft),
    peek: (key: string): unknown => drafts.get(key) ?? null,
    drop: (key: string) => void drafts.delete(key),
  };
};
export type DraftStore = ReturnType<typeof createDraftStore>;
