/**
 * What a customer typed into a form whose save was refused with 401 (signed out meanwhile): held
 * in memory only (never localStorage or the URL) until the same screen opens again after sign-in.
 * Keyed by screen and by the account that typed it: someone else signing in on the same browser
 * never sees it (it is dropped instead). A page reload forgets it, as it should.
 */
export const createDraftStore = () => {
  const drafts = new Map<string, { owner: string; draft: unknown }>();
  /** Who pressed save on each screen (a 401 forgets the user before the save fails). */
  const savers = new Map<string, string | null>();
  return {
    /** Called as a save starts: the account a draft of `key` would belong to. */
    claim: (key: string, owner: string | null) => void savers.set(key, owner),
    /** Keeps `draft` for the account that claimed `key`; nothing when nobody signed in did. */
    keep: (key: string, draft: unknown) => {
      const owner = savers.get(key);
      if (owner) drafts.set(key, { owner, draft });
    },
    /**
     * The draft of `key` when `viewer` typed it. Another signed-in account's look drops it unseen;
     * nobody signed in (null) sees nothing and leaves it for its owner.
     */
    peek: (key: string, viewer: string | null): unknown => {
      const kept = drafts.get(key);
      if (!kept || viewer === null) return null;
      if (kept.owner === viewer) return kept.draft;
      drafts.delete(key);
      return null;
    },
    drop: (key: string) => void drafts.delete(key),
  };
};
export type DraftStore = ReturnType<typeof createDraftStore>;
