/**
 * Whether the page is reading the network or what the service worker kept (decision 250).
 * Offline means the browser says so, or the last API answer was a kept copy (a platform with a signal
 * too weak to answer in time). `since` is when what is on screen was last fresh: the kept copy's
 * time, or the last answer from the network.
 */
export interface ConnectionState {
  offline: boolean;
  since: string | null;
}

interface ConnectionWindow {
  navigator: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface ConnectionStore {
  /** Every API answer: the saved-at header of a kept copy, or null for the network's. */
  noteAnswer(savedAt: string | null): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): ConnectionState;
}

const onlineState: ConnectionState = { offline: false, since: null };

export function createConnection(win: ConnectionWindow, now: () => Date = () => new Date()): ConnectionStore {
  let online = win.navigator.onLine;
  let savedAt: string | null = null;
  let lastFresh: string | null = null;
  let snapshot = onlineState;
  const listeners = new Set<() => void>();

  const update = () => {
    const offline = !online || savedAt !== null;
    const since = offline ? (savedAt ?? lastFresh) : null;
    if (snapshot.offline === offline && snapshot.since === since) return;
    snapshot = offline ? { offline, since } : onlineState;
    for (const l of listeners) l();
  };
  const onChange = () => {
    online = win.navigator.onLine;
    update();
  };

  return {
    noteAnswer(kept) {
      savedAt = kept;
      if (kept === null) lastFresh = now().toISOString();
      update();
    },
    subscribe(listener) {
      if (listeners.size === 0) {
        win.addEventListener('online', onChange);
        win.addEventListener('offline', onChange);
        onChange();
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          win.removeEventListener('online', onChange);
          win.removeEventListener('offline', onChange);
        }
      };
    },
    getSnapshot: () => snapshot,
  };
}
