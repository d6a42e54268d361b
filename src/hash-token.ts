/**
 * docs/product/hosting.md: a token in the URL hash is read once, removed from the address bar with
 * history.replaceState (so it is not left in history or leaked), and kept in memory.
 * Accepts `#token=abc` (and other params beside it) or a bare `#abc`.
 */
export const parseHashToken = (hash: string): string | null => {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  if (raw.includes('=')) {
    const value = new URLSearchParams(raw).get('token');
    return value && value.trim() ? value.trim() : null;
  }
  return /^[A-Za-z0-9._~-]{8,512}$/.test(raw) ? raw : null;
};

export const takeHashTokenFromLocation = (
  loc: Pick<Location, 'hash' | 'pathname' | 'search'> = window.location,
  hist: Pick<History, 'replaceState' | 'state'> = window.history,
): string | null => {
  const token = parseHashToken(loc.hash);
  if (token) hist.replaceState(hist.state, '', `${loc.pathname}${loc.search}`);
  return token;
};

/** Holds the token in memory; consumers take it once. */
export const createTokenStore = (initial: string | null) => {
  let token = initial;
  return {
    peek: () => token,
    take: () => {
      const t = token;
      token = null;
      return t;
    },
    put: (t: string) => {
      token = t;
    },
  };
};
export type TokenStore = ReturnType<typeof createTokenStore>;
