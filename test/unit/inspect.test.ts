import { describe, expect, it, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { rewriteActorImports } from '#scripts/vite-inspect.ts';
import { inspectorFor, withInspect } from '#src/dev/inspect';

/** Decision 181: `?inspect` in npm run dev connects every actor to Stately's inspector. */
describe('dev-server rewrite of actor imports', () => {
  const route = '/repo/routes/-components/refund/refund-screen.tsx';

  it("sends the app files' xstate and @xstate/react value imports through the inspecting wrappers", () => {
    const code = [
      "import { useMachine, useSelector } from '@xstate/react';",
      'import { createActor, fromPromise } from "xstate";',
      "import type { ActorRefFrom } from 'xstate';",
      "const x = 'xstate';",
    ].join('\n');
    expect(rewriteActorImports(code, route)).toBe(
      [
        "import { useMachine, useSelector } from '/src/dev/inspect-react.ts';",
        'import { createActor, fromPromise } from "/src/dev/inspect-xstate.ts";',
        "import type { ActorRefFrom } from 'xstate';",
        "const x = 'xstate';",
      ].join('\n'),
    );
    expect(rewriteActorImports("import { createActor } from 'xstate';", '/repo/src/create-services.ts?v=1')).toContain(
      '/src/dev/inspect-xstate.ts',
    );
  });

  it('leaves machines, dependencies, the wrappers and other files as they are', () => {
    const code = "import { setup } from 'xstate';";
    expect(rewriteActorImports(code, '/repo/machines/refund-quote.ts')).toBeNull();
    expect(rewriteActorImports(code, '/repo/node_modules/@xstate/react/dist/x.esm.js')).toBeNull();
    expect(rewriteActorImports(code, '/repo/src/dev/inspect-xstate.ts')).toBeNull();
    expect(rewriteActorImports(code, '/repo/src/styles/theme.css')).toBeNull();
    expect(rewriteActorImports("import { m } from '#src/paraglide/messages.js';", route)).toBeNull();
  });
});

describe('the inspector', () => {
  const event = { type: '@xstate.event' } as unknown as InspectionEvent;

  it('is created only when the page was opened with ?inspect', () => {
    const inspect = vi.fn();
    const create = vi.fn(() => ({ inspect }));
    expect(inspectorFor('', create)).toBeNull();
    expect(inspectorFor('?tab=past', create)).toBeNull();
    expect(create).not.toHaveBeenCalled();
    expect(inspectorFor('?inspect', create)).toBe(inspect);
    expect(inspectorFor('?page=2&inspect=1', create)).toBe(inspect);
  });

  it("is added to an actor's options, keeping an inspect the caller gave", () => {
    const page = vi.fn();
    const own = vi.fn();
    expect(withInspect(undefined, null)).toBeUndefined();
    expect(withInspect<{ id: string; inspect?: unknown }>({ id: 'a' }, null)).toEqual({ id: 'a' });
    const options = withInspect<{ id: string; inspect?: unknown }>({ id: 'a', inspect: own }, page);
    expect(options.id).toBe('a');
    (options.inspect as (e: InspectionEvent) => void)(event);
    expect(own).toHaveBeenCalledWith(event);
    expect(page).toHaveBeenCalledWith(event);
    const observer = { next: vi.fn() };
    const withObserver = withInspect<{ inspect?: unknown }>({ inspect: observer }, page);
    (withObserver.inspect as (e: InspectionEvent) => void)(event);
    expect(observer.next).toHaveBeenCalledWith(event);
    expect(withInspect(undefined, page)).toEqual({ inspect: page });
  });
});
