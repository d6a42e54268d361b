/**
 * Browser replays of a machine's shortest paths (docs/decisions/473): the chart
 * and the product cannot drift apart unnoticed.
 *
 * 1. Paths: the model harness generates the shortest paths (generatePaths: getShortestPaths, one
 *    per transition, titled as `npm run plans` titles them) from this file's model options, whose
 *    events are what the local server can really answer; coveringPaths keeps few of them that
 *    together take every transition. A path with a step the screen does not offer (the driver's
 *    `offers`) is not replayed.
 * 2. Replay: each path runs in a fresh browser context against the e2e world's server. The
 *    driver maps each user event to a user action (fill, click) and each state to what must be on
 *    screen there. The HTTP call of each invoked actor (the driver's `calls`) is held in the
 *    browser until the path's step for its answer: the driver first sets the server up for that
 *    answer (a test switch, data, nothing when the seed already answers so), then the call goes
 *    to the real server. Holding makes the busy states (`requesting`, `saving`) observable and
 *    checks that each state makes its call.
 * 3. Coverage: an edge (source state + event + target) counts once a step taking it has passed in
 *    the browser: its action done and every state it reached seen on screen. Edges no user can
 *    cause are listed by the driver with a reason (`notUserActions`), printed apart and left out
 *    of the percentage; the file fails below 100% of the others, and when a listed edge is
 *    exercised after all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import {
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { generatePaths, listTransitions, coveringPaths, type ModelOptions, type ModelPath } from '#test/model/harness';
import { planStepName } from '#scripts/lib/plan-words';
import { openPage, type PageWatch } from '#test/e2e/browser';
import { closeContexts, e2eWorld } from '#test/e2e/world';
import { readPageData, type TestServer } from '#test/helpers/server';

const API = '/my-account/api';
/** How long a state may take to show, or a call to be made (the client gives up after 10 s). */
const SCREEN_TIMEOUT_MS = 10_000;

/** A call of an invoked actor that the browser holds until the path answers it. */
export type HeldMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HeldCall {
  id: string;
  method: HeldMethod;
  /** Path after /my-account/api, e.g. '/refund-quote/6f1c…'. */
  path: string;
}

export interface ReplayStep<M extends AnyStateMachine> {
  page: Page;
  server: TestServer;
  /** The step's event, with the model's payload. */
  event: AnyEventObject;
  /** The state the chart says the step reached (context included). */
  snapshot: SnapshotFrom<M>;
  /** The state before the step (undefined at the start). */
  previous: SnapshotFrom<M> | undefined;
  path: ModelPath<M>;
  /** For the answer of a held call: that call (set the server up for the answer; the engine then lets it go). */
  call: HeldCall | null;
}

export interface ReplayDriver<M extends AnyStateMachine> {
  /** Before the path's browser context opens: server data and switches, a signed-in storage state (SharedData). */
  prepare?(path: ModelPath<M>, server: TestServer, browser: Browser): Promise<BrowserContextOptions | void>;
  /** Opens the machine's screen: the path's first state. */
  open(page: Page, path: ModelPath<M>, server: TestServer): Promise<void>;
  /**
   * The HTTP call each invoked actor makes: method and API path (after /my-account/api). An actor
   * that creates with one method and updates with another (POST, then PUT) lists both.
   */
  calls: Record<string, { method: HeldMethod | readonly HeldMethod[]; path: RegExp }>;
  /**
   * Per event type: the user's action; for the answer of a held call, the server-side setup that
   * makes the server answer so (optional: the seed may answer so already).
   */
  events: Record<string, (step: ReplayStep<M>) => Promise<void>>;
  /** Whether the screen offers a user event in a state (default: yes). Paths needing it elsewhere are not replayed. */
  offers?: Record<string, (snapshot: SnapshotFrom<M>) => boolean>;
  /** Per state path ('loaded', 'form.editing'): what must be on screen there. Every state a path reaches needs its own or an ancestor's. */
  states: Record<string, (step: ReplayStep<M>) => Promise<void>>;
  /** Transition key (listTransitions) → why no user can cause it. */
  notUserActions?: Record<string, string>;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The seeded data and sessions a file's paths share. A path that changes data marks its key (the
 * booking or account it uses) changed; the next path using that key starts from a reset, which
 * ends every session, so sign-ins are made again. A reset took about 0.5 s and a sign-in 0.3 s,
 * against 1.5 s for a whole short path: most paths need neither. A retried path whose first try
 * changed data starts from a reset too.
 */
export class SharedData {
  private readonly changed = new Set<string>();
  private readonly sessions = new Map<string, Promise<StorageState>>();

  /** Before a path using `key`; `changes`: the path changes that key's data. */
  async use(server: TestServer, key: string, changes: boolean): Promise<void> {
    if (this.changed.has(key)) {
      await server.reset();
      this.changed.clear();
      this.sessions.clear();
    }
    if (changes) this.changed.add(key);
  }

  /** Context options signed in as `account`: one sign-in through the API per reset, its storage state reused. */
  async signedIn(
    browser: Browser,
    server: TestServer,
    account: { email: string; password: string },
  ): Promise<BrowserContextOptions> {
    let state = this.sessions.get(account.email);
    if (!state) {
      state = signIn(browser, server, account);
      this.sessions.set(account.email, state);
      state.catch(() => this.sessions.delete(account.email));
    }
    return { storageState: await state };
  }
}

async function signIn(
  browser: Browser,
  server: TestServer,
  account: { email: string; password: string },
): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    const shell = await context.request.get(`${server.origin}/my-account/`);
    const csrf = readPageData(await shell.text())?.csrfToken;
    const res = await context.request.post(`${server.origin}${API}/login`, {
      data: { email: account.email, password: account.password },
      headers: { 'x-csrf-token': String(csrf) },
    });
    if (!res.ok()) throw new Error(`sign-in as ${account.email}: ${res.status()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * For a failed answer: makes the server answer the held call with the model event's HTTP problem
 * (status and error body, as test/model/fixtures httpError shapes it), through the answer switch.
 */
export async function answerWithModelError({
  server,
  call,
  event,
}: {
  server: TestServer;
  call: HeldCall | null;
  event: AnyEventObject;
}): Promise<void> {
  const problem = (event as { error?: { problem?: { kind?: string; status?: number; body?: unknown } } }).error
    ?.problem;
  if (!call || problem?.kind !== 'http' || problem.status === undefined)
    throw new Error(`${event.type}: no HTTP problem to answer with`);
  await server.answer(call.method, call.path, problem.status, problem.body);
}

/**
 * A replay step named as the plan names it (`npm run plans`, the model tests' titles): its number
 * and plan step, and, when the machine has tester words (scripts/lib/plan-words.ts), what the
 * customer does and should see there. Replay files that check steps of their own can name them so.
 */
export function replayStepName(machine: AnyStateMachine, path: ModelPath<AnyStateMachine>, index: number): string {
  if (index === 0) return 'the start';
  const step = path.plan?.[index - 1];
  return step ? planStepName(machine.id, step, index) : `step ${index} (${path.steps[index]?.event.type ?? '?'})`;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const actorIdOf = (type: string) =>
  type.startsWith(DONE) ? type.slice(DONE.length) : type.startsWith(ERROR) ? type.slice(ERROR.length) : undefined;
type StateNodeLike = { path: string[]; states: Record<string, unknown> };
const activeNodes = (s: AnyMachineSnapshot) =>
  (s._nodes as unknown as StateNodeLike[]).filter((n) => n.path.length > 0);
const spawnedIds = (actions: readonly { type: string; params?: unknown }[]) =>
  actions
    .filter((a) => a.type === 'xstate.spawnChild')
    .map((a) => String((a.params as { id?: unknown } | undefined)?.id));

/**
 * One e2e test per replayed path (titled with its plan), then the coverage gate: "browser replay
 * coverage <name>: N/M edges (P%)" over the user-reachable edges.
 */
export function describeBrowserReplay<M extends AnyStateMachine>(
  machine: M,
  model: ModelOptions<M>,
  driver: ReplayDriver<M>,
): void {
  const name = model.name;
  describe(`browser replay: ${name}`, async () => {
    const all = listTransitions(machine);
    const notUser = driver.notUserActions ?? {};
    for (const key of Object.keys(notUser))
      if (!all.some((t) => t.key === key))
        throw new Error(`${name}: notUserActions names "${key}", no transition of the machine`);
    const isAnswer = (type: string) => actorIdOf(type) !== undefined && actorIdOf(type)! in driver.calls;
    const offered = (from: AnyMachineSnapshot, event: AnyEventObject) =>
      isAnswer(event.type) || (driver.offers?.[event.type]?.(from as SnapshotFrom<M>) ?? true);
    const generated = generatePaths(machine, { maxPaths: 5000, ...model });
    const usable = generated.filter((p) =>
      p.steps.slice(1).every((s, i) => offered(p.steps[i]!.state as AnyMachineSnapshot, s.event)),
    );
    const replays = await coveringPaths(machine, usable);
    for (const { path } of replays) {
      for (const { event } of path.steps.slice(1)) {
        if (!isAnswer(event.type) && !driver.events[event.type])
          throw new Error(`${name}: no driver action for "${event.type}" (${path.description})`);
      }
    }

    let server: TestServer;
    let browser: Browser;
    const exercised = new Set<string>();
    const pages = new PagePool(() => browser);
    let started = 0;
    beforeAll(async () => {
      ({ server, browser } = await e2eWorld());
    });
    afterAll(async () => {
      await closeContexts(browser);
    });

    for (const replay of replays) {
      it(replay.path.description, async () => {
        started ||= Date.now();
        await replayInBrowser(machine, driver, replay, server, browser, pages, exercised);
      });
    }

    it(`exercises every user-reachable edge of ${name} in the browser`, () => {
      const reachable = all.filter((t) => !(t.key in notUser));
      const covered = reachable.filter((t) => exercised.has(t.key));
      const percent = reachable.length ? Math.floor((covered.length / reachable.length) * 100) : 100;
      const seconds = started ? ((Date.now() - started) / 1000).toFixed(1) : '0';
      console.log(
        [
          `browser replay coverage ${name}: ${covered.length}/${reachable.length} edges (${percent}%), ${replays.length} paths in ${seconds} s; ` +
            `the percentage is over the user-reachable edges, ${all.length - reachable.length} of ${all.length} are not a user action:`,
          ...all.filter((t) => t.key in notUser).map((t) => `  not a user action: ${t.label}: ${notUser[t.key]}`),
          ...reachable.filter((t) => !exercised.has(t.key)).map((t) => `  not exercised: ${t.label}`),
        ].join('\n'),
      );
      expect(
        reachable.filter((t) => !exercised.has(t.key)).map((t) => t.label),
        `edges of ${name} no browser replay exercised`,
      ).toEqual([]);
      expect(
        all.filter((t) => t.key in notUser && exercised.has(t.key)).map((t) => t.label),
        `listed as not a user action, yet replayed`,
      ).toEqual([]);
    });
  });
}

async function replayInBrowser<M extends AnyStateMachine>(
  machine: M,
  driver: ReplayDriver<M>,
  replay: { path: ModelPath<M>; steps: string[][] },
  server: TestServer,
  browser: Browser,
  pages: PagePool,
  exercised: Set<string>,
): Promise<void> {
  const { path } = replay;
  const options = (await driver.prepare?.(path, server, browser)) ?? {};
  const { page, context } = await pages.take();
  if (typeof options.storageState === 'object') await context.addCookies(options.storageState.cookies);
  page.setDefaultTimeout(SCREEN_TIMEOUT_MS);
  // Every call of a listed actor waits here, in arrival order, until its answer's step.
  const held = new Map<string, { route: Route; call: HeldCall; released: boolean }[]>();
  const heldOf = (id: string) => held.get(id) ?? held.set(id, []).get(id)!;
  // A RegExp, not a function: Chromium then pauses only these requests, not every asset of the page.
  const listed = Object.values(driver.calls).map((c) => `(?:${c.path.source.replace(/^\^/, '').replace(/\$$/, '')})`);
  await page.route(new RegExp(`^[a-z]+://[^/]+${API}(?:${listed.join('|')})(?:[?#].*)?$`), async (route) => {
    const request = route.request();
    const apiPath = new URL(request.url()).pathname.slice(API.length);
    const method = request.method() as HeldMethod;
    const id = Object.keys(driver.calls).find(
      (k) => [driver.calls[k]!.method].flat().includes(method) && driver.calls[k]!.path.test(apiPath),
    );
    if (id === undefined) return route.continue();
    heldOf(id).push({ route, call: { id, method, path: apiPath }, released: false });
  });
  const counts = () => new Map([...held].map(([id, list]) => [id, list.length]));
  /** Each call the step starts is made (it arrives at the hold). */
  const callsMade = async (ids: string[], before: Map<string, number>, where: string) => {
    for (const id of ids.filter((i) => i in driver.calls)) {
      await expect
        .poll(() => heldOf(id).length, {
          timeout: SCREEN_TIMEOUT_MS,
          message: `${where}: the screen makes its ${id} call`,
        })
        .toBeGreaterThan(before.get(id) ?? 0);
    }
  };
  const see = async (step: ReplayStep<M>, where: string) => {
    for (const node of activeNodes(step.snapshot as AnyMachineSnapshot)) {
      const statePath = node.path.join('.');
      const own = driver.states[statePath];
      const ancestors = node.path.map((_, i) => node.path.slice(0, i + 1).join('.'));
      if (!Object.keys(node.states).length && !ancestors.some((p) => p in driver.states)) {
        throw new Error(`no on-screen expectation for state "${statePath}" (add states["${statePath}"]) at ${where}`);
      }
      try {
        await own?.(step);
      } catch (error) {
        throw new Error(`state "${statePath}" is not on screen at ${where}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  };

  try {
    const [, startActions] = (
      initialTransition as (logic: AnyStateMachine, input?: unknown) => ReturnType<typeof initialTransition>
    )(machine, path.input);
    const before = counts();
    await driver.open(page, path, server);
    await callsMade(spawnedIds(startActions), before, 'the start');
    const first = path.steps[0]!;
    await see(
      { page, server, event: first.event, snapshot: first.state, previous: undefined, path, call: null },
      'the start',
    );
    for (const key of replay.steps[0] ?? []) exercised.add(key);

    for (let i = 1; i < path.steps.length; i++) {
      const { event, state } = path.steps[i]!;
      const previous = path.steps[i - 1]!.state;
      const where = replayStepName(machine, path as ModelPath<AnyStateMachine>, i);
      const [, actions] = transition(machine, previous as never, event as never);
      const before = counts();
      const id = actorIdOf(event.type);
      const answering = id !== undefined && id in driver.calls ? heldOf(id).at(-1) : undefined;
      if (id !== undefined && id in driver.calls && (!answering || answering.released)) {
        throw new Error(`${where}: no ${id} call is waiting for its answer`);
      }
      const step: ReplayStep<M> = {
        page,
        server,
        event,
        snapshot: state,
        previous,
        path,
        call: answering?.call ?? null,
      };
      await driver.events[event.type]?.(step);
      if (answering) {
        answering.released = true;
        await answering.route.continue();
      }
      await callsMade(spawnedIds(actions), before, where);
      await see(step, where);
      for (const key of replay.steps[i] ?? []) exercised.add(key);
    }
  } finally {
    // Not awaited: the next path starts while this context goes (its errors still count for this test).
    void context.close().catch(() => {});
  }
}

/**
 * Fresh contexts for a file's paths, each opened while the path before runs (a new context and
 * page took 0.3 s or more of a 1.5 s path). Signed-in paths get their cookies after it opens.
 */
class PagePool {
  private spare: Promise<PageWatch> | null = null;
  constructor(private readonly browser: () => Browser) {}
  take(): Promise<PageWatch> {
    const next = this.spare ?? openPage(this.browser());
    this.spare = openPage(this.browser());
    return next;
  }
}
