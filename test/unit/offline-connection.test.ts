import { describe, expect, it } from 'vitest';
import { createConnection } from '#src/offline/connection';

/** Decision 250: when the page counts as offline, and since when. */
function fakeWindow(onLine = true) {
  const listeners = new Map<string, Set<() => void>>();
  return {
    navigator: { onLine },
    addEventListener: (type: string, l: () => void) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type))?.add(l),
    removeEventListener: (type: string, l: () => void) => void listeners.get(type)?.delete(l),
    go(online: boolean) {
      this.navigator.onLine = online;
      for (const l of listeners.get(online ? 'online' : 'offline') ?? []) l();
    },
    listening: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

describe('connection', () => {
  it('is online until the browser goes offline, then offline since the last fresh answer', () => {
    const win = fakeWindow();
    let now = new Date('2026-11-23T10:00:00.000Z');
    const c = createConnection(win, () => now);
    let changes = 0;
    const stop = c.subscribe(() => changes++);
    expect(c.getSnapshot()).toEqual({ offline: false, since: null });
    c.noteAnswer(null);
    now = new Date('2026-11-23T10:05:00.000Z');
    c.noteAnswer(null);
    expect(changes).toBe(0);
    win.go(false);
    expect(c.getSnapshot()).toEqual({ offline: true, since: '2026-11-23T10:05:00.000Z' });
    win.go(true);
    expect(c.getSnapshot()).toEqual({ offline: false, since: null });
    expect(changes).toBe(2);
    stop();
    expect(win.listening()).toBe(0);
  });

  it('is offline while answers are kept copies, since they were saved, and online at the next fresh one', () => {
    const c = createConnection(fakeWindow());
    c.noteAnswer('2026-11-22T18:00:00.000Z');
    expect(c.getSnapshot()).toEqual({ offline: true, since: '2026-11-22T18:00:00.000Z' });
    c.noteAnswer(null);
    expect(c.getSnapshot()).toEqual({ offline: false, since: null });
  });

  it('reads the browser again when a screen starts watching', () => {
    const win = fakeWindow(true);
    const c = createConnection(win);
    win.navigator.onLine = false;
    c.subscribe(() => undefined);
    expect(c.getSnapshot()).toEqual({ offline: true, since: null });
  });
});
