/**
 * Model-based test harness for XState v5 machines (see docs/architecture.md, "Model-based tests").
 *
 * 1. Paths: `getShortestPaths` over the machine, events taken from `toDirectedGraph` itself.
 *    A vertex is "state value + serializeContext() + still-running invokes", reached *via a
 *    given transition*: every reachable transition gets its own shortest path (the trick
 *    createTestModel uses), so cycles such as retry → loading are covered too.
 * 2. Replay: each path runs against a real actor whose named actors are fakes the harness
 *    settles (done → resolve(output), error → reject(error)), on a SimulatedClock that is
 *    advanced to the next timer for `xstate.after.*` steps. Each step is checked.
 * 3. Coverage: transitions taken live (`@xstate.microstep` inspection events) over every
 *    transition of the graph (edges + `always`); the suite fails below 100%.
 * 4. Spec: the machine's own prediction cannot catch a wrong target (the path is generated from
 *    the same chart), so `states` holds what each state means according to docs/product/ (screen
 *    copy, context fields, the status that led there). The harness runs it on every step for
 *    every active state, fails a step whose state has no expectation (its own or an ancestor's),
 *    and fails the suite when a state of the chart has none or an expectation is never reached.
 * 5. Delays: `expectDelay` drives a live actor into a state and checks that its timer fires at
 *    the spec's figure exactly (nothing at ms - 1, the transition at ms).
 */
import {
  createActor,
  fromPromise,
  transition,
  SimulatedClock,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths, getSimplePaths, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { inputLabel, planSteps, planTitle, type PlanStep } from './plan-format';

type EventList<M extends AnyStateMachine, E> = readonly E[] | ((snapshot: SnapshotFrom<M>) => readonly E[]);
/** Concrete events to try per event type; types left out are tried as `{ type }` alone. */
export type ModelEvents<M extends AnyStateMachine> = {
  [K in EventFromLogic<M>['type']]?: EventList<M, Extract<EventFromLogic<M>, { type: K }>>;
} & { [K: `xstate.${string}` | `${string}*`]: EventList<M, AnyEventObject> | undefined };

export interface ModelOptions<M extends AnyStateMachine> {
  name: string;
  input?: InputFrom<M>;
  /** Several inputs (e.g. with and without a token): paths for each, one shared coverage. */
  inputs?: readonly InputFrom<M>[];
  events?: ModelEvents<M>;
  /** Context fields that make states distinct (default: none, the state value alone). */
  serializeContext?: (context: SnapshotFrom<M>['context']) => unknown;
  /** 'simple' adds getSimplePaths (state-keyed) to the shortest paths. */
  pathStrategy?: 'shortest' | 'simple';
  /** Fail instead of generating more tests than this (default 200). */
  maxPaths?: number;
  assert?: (snapshot: SnapshotFrom<M>, step: ModelStep<M>) => void | Promise<void>;
  /**
   * What each state means according to docs/product/, keyed by state path ('loaded',
   * 'loaded.changeabilityKnown', 'form.editing'). Checked on every step for every active state
   * node that has an entry; each active atomic state needs an entry of its own or an ancestor's.
   */
  states?: StateExpectations<M>;
  /**
   * The calls each state makes (docs/product/api.md), keyed by state path: invoke id → the input the
   * call must get, or a function of the context giving it (undefined: not checked). Checked with expectCall on every step in that state;
   * every state that invokes needs an entry.
   */
  calls?: Record<string, Record<string, unknown>>;
}
/** One step as a state expectation sees it: `entered` is true when the step entered this state. */
export interface StateCheck<M extends AnyStateMachine> {
  snapshot: SnapshotFrom<M>;
  context: SnapshotFrom<M>['context'];
  /** The step's event: one of the machine's own, or xstate.init / done / error / after. */
  event: EventFromLogic<M> | (AnyEventObject & { type: `xstate.${string}` });
  entered: boolean;
  /** Input of every invoked actor still running, by invoke id (what the call would be sent). */
  invoked: Record<string, unknown>;
  /** Named side-effect actions the step executed, in order (not assign), e.g. 'redirectToLogin'. */
  actions: string[];
  /** The same actions with the params they were given. */
  performed: { type: string; params: unknown }[];
}
export type StateExpectations<M extends AnyStateMachine> = Record<string, (check: StateCheck<M>) => void>;
export interface ModelStep<M extends AnyStateMachine> {
  event: AnyEventObject;
  state: SnapshotFrom<M>;
}
export interface ModelPath<M extends AnyStateMachine> {
  description: string;
  input?: InputFrom<M>;
  steps: ModelStep<M>[];
  state: SnapshotFrom<M>;
  /** The path as readable plan steps (its title is built from them). */
  plan?: PlanStep[];
}
export interface TransitionInfo {
  key: string;
  label: string;
  transition: AnyTransitionDefinition;
}
export interface CoverageReport {
  covered: number;
  total: number;
  percent: number;
  uncovered: TransitionInfo[];
}

/**
 * Traversal steps allowed per allowed path. A chart's traversal takes at most about 7 steps per
 * path it keeps (the bookings list, at 2,262 steps for 320 paths); one whose states never run out
 * (a mutant that loads again and again, a poll that never stops) is stopped at this bound with an
 * error, not left to hang the run.
 */
const STEPS_PER_PATH = 20;
const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const actorIdOf = (type: string) =>
  type.startsWith(DONE) ? type.slice(DONE.length) : type.startsWith(ERROR) ? type.slice(ERROR.length) : undefined;
const replacer = (_key: string, value: unknown) => (value instanceof Error ? `Error(${value.message})` : value);

/** What an `xstate.error.actor.*` event carries (undefined for any other event). */
export function errorOf(
  event: AnyEventObject,
): { status?: unknown; code?: unknown; problem?: { kind?: unknown } } | undefined {
  return event.type.startsWith(ERROR)
    ? (((event as { error?: unknown }).error as ReturnType<typeof errorOf>) ?? {})
    : undefined;
}
/** The output an `xstate.done.actor.*` event carries (undefined for any other event). */
export function outputOf(event: AnyEventObject): unknown {
  return event.type.startsWith(DONE) ? (event as { output?: unknown }).output : undefined;
}

/** In a `calls` table: a long-running actor (a watcher) that neither answers nor fails. */
export const watching = Symbol('watching');

/**
 * The state calls `id` with `input` (docs/product/api.md) and handles both its answer and its failure:
 * removing the invoke, its input or its onDone/onError cannot go unnoticed.
 */
export function expectCall(
  check: { snapshot: AnyMachineSnapshot; invoked: Record<string, unknown> },
  id: string,
  input?: unknown,
): void {
  expect(Object.keys(check.invoked), `calls running in ${JSON.stringify(check.snapshot.value)}`).toContain(id);
  if (input === watching) return;
  const expected =
    typeof input === 'function' ? (input as (context: unknown) => unknown)(check.snapshot.context) : input;
  if (expected !== undefined) expect(check.invoked[id], `input of ${id}`).toEqual(expected);
  const machine = check.snapshot.machine as AnyStateMachine;
  // A guard that throws on this bare payload still means the event is handled.
  const handles = (event: AnyEventObject) => {
    try {
      return machine.getTransitionData(check.snapshot as never, event).length > 0;
    } catch {
      return true;
    }
  };
  expect(
    handles({ type: `${DONE}${id}`, output: undefined }) || handles({ type: `${DONE}${id}`, output: {} }),
    `${id} answer handled`,
  ).toBe(true);
  expect(handles({ type: `${ERROR}${id}`, error: {} }), `${id} failure handled`).toBe(true);
}

/**
 * Where `event` would take the state the check is in, without sending it: for what the spec says
 * an event does in a state the model does not walk into (e.g. typing after a failure starts over).
 */
export function nextFrom<M extends AnyStateMachine>(
  check: { snapshot: SnapshotFrom<M> },
  event: EventFromLogic<M>,
): SnapshotFrom<M> {
  return stepFrom(check, event).snapshot;
}

/**
 * Like nextFrom, with the named side-effect actions (not assign) the event would run: what the
 * spec says an event does in a state, checked from every step in it (a dropped transition or
 * action in the chart fails here, though the model's own paths would simply no longer walk it).
 */
export function stepFrom<M extends AnyStateMachine>(
  check: { snapshot: SnapshotFrom<M> },
  event: EventFromLogic<M>,
): { snapshot: SnapshotFrom<M>; actions: string[] } {
  const snapshot = check.snapshot as AnyMachineSnapshot;
  const [next, executed] = transition(snapshot.machine as AnyStateMachine, snapshot as never, event);
  return {
    snapshot: next as SnapshotFrom<M>,
    actions: executed.map((a) => a.type).filter((type) => !type.startsWith('xstate.')),
  };
}

/**
 * The input the call `id` of `snapshot` was started with (say, a state stepFrom reached): what
 * docs/product/api.md's call would be sent, for a variant of the values the model does not walk.
 */
export function inputOf(snapshot: AnyMachineSnapshot, id: string): unknown {
  const child = (snapshot.children as Record<string, { getSnapshot(): { input?: unknown } } | undefined>)[id];
  return child?.getSnapshot().input;
}

/** Stable id of a transition: source state id, event type ('always' for eventless), index. */
export function transitionKey(t: AnyTransitionDefinition): string {
  const siblings = t.eventType === '' ? t.source.always : t.source.transitions.get(t.eventType);
  return `#${t.source.id} ${t.eventType || 'always'} [${siblings?.indexOf(t) ?? -1}]`;
}

export function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards;
    return inner ? `${guard.name}(${inner.map(guardName).join(', ')})` : guard.name || 'inline guard';
  }
  return typeof guard === 'object' && guard && 'type' in guard ? String(guard.type) : 'guard';
}

/** Every transition of the machine: toDirectedGraph edges (one per transition) plus `always`. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  const nodes = (n: DirectedGraphNode): DirectedGraphNode[] => [n, ...n.children.flatMap(nodes)];
  const found = new Map<string, TransitionInfo>();
  for (const node of nodes(toDirectedGraph(machine))) {
    for (const t of [...node.edges.map((e) => e.transition), ...(node.stateNode.always ?? [])]) {
      const key = transitionKey(t);
      const guard = guardName(t.guard);
      const targets = t.target?.map((s) => `#${s.id}`).join(', ') ?? '(no target)';
      found.set(key, { key, transition: t, label: `${key}${guard ? ` [${guard}]` : ''} → ${targets}` });
    }
  }
  return [...found.values()];
}

export function transitionCoverage(machine: AnyStateMachine, taken: Iterable<string>): CoverageReport {
  const all = listTransitions(machine);
  const seen = new Set(taken);
  const uncovered = all.filter((t) => !seen.has(t.key));
  const covered = all.length - uncovered.length;
  return {
    covered,
    total: all.length,
    percent: all.length ? Math.floor((covered / all.length) * 100) : 100,
    uncovered,
  };
}

export function formatCoverage(name: string, r: CoverageReport): string {
  return [
    `model coverage ${name}: ${r.covered}/${r.total} transitions (${r.percent}%)`,
    ...r.uncovered.map((t) => `  uncovered: ${t.label}`),
  ].join('\n');
}

/** Dotted path of a state node below the machine root ('loaded.changeabilityKnown'). */
const statePath = (node: { path: readonly string[] }) => node.path.join('.');
type StateNodeLike = {
  path: string[];
  type: string;
  states: Record<string, StateNodeLike>;
  always?: { guard?: unknown }[];
};
const activeNodes = (s: AnyMachineSnapshot) =>
  (s._nodes as unknown as StateNodeLike[]).filter((n) => n.path.length > 0);
/** Every atomic or final state node of the chart a step can rest in (not a transient `always` choice). */
export function leafStatePaths(machine: AnyStateMachine): string[] {
  const transient = (n: StateNodeLike) => n.always?.some((t) => t.guard === undefined) ?? false;
  const walk = (n: StateNodeLike): string[] => {
    const children = Object.values(n.states);
    return children.length ? children.flatMap(walk) : n.path.length && !transient(n) ? [statePath(n)] : [];
  };
  return walk(machine.root as unknown as StateNodeLike);
}
const allStateNodes = (machine: AnyStateMachine) => {
  const walk = (n: StateNodeLike & { invoke: unknown[] }): (StateNodeLike & { invoke: unknown[] })[] => [
    n,
    ...Object.values(n.states).flatMap((c) => walk(c as StateNodeLike & { invoke: unknown[] })),
  ];
  return walk(machine.root as unknown as StateNodeLike & { invoke: unknown[] }).filter((n) => n.path.length > 0);
};
const ancestorsAndSelf = (path: string) => path.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'));

/** Runs the spec expectations of every active state; returns the entries it ran. */
function checkStates<M extends AnyStateMachine>(
  expectations: StateExpectations<M>,
  live: AnyMachineSnapshot,
  previous: AnyMachineSnapshot | undefined,
  event: AnyEventObject,
  where: string,
  invoked: Record<string, unknown>,
  performed: { type: string; params: unknown }[],
): string[] {
  const before = new Set(previous ? activeNodes(previous).map(statePath) : []);
  const ran: string[] = [];
  for (const node of activeNodes(live)) {
    const path = statePath(node);
    if (!Object.values(node.states).length && !ancestorsAndSelf(path).some((p) => p in expectations)) {
      throw new Error(`no spec expectation for state "${path}" (add states["${path}"]) after ${where}`);
    }
    const check = expectations[path];
    if (!check) continue;
    check({
      snapshot: live as SnapshotFrom<M>,
      context: live.context,
      event: event as StateCheck<M>['event'],
      entered: !before.has(path),
      invoked,
      actions: performed.map((a) => a.type),
      performed,
    });
    ran.push(path);
  }
  return ran;
}

function describeValue(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([k, v]) =>
      v === undefined
        ? k
        : describeValue(v)
            .split(', ')
            .map((s) => `${k}.${s}`)
            .join(', '),
    )
    .join(', ');
}
export function describeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event;
  const text = Object.keys(payload).length ? JSON.stringify(payload, replacer) : '';
  return text ? `${type} ${text.length > 60 ? `${text.slice(0, 59)}…` : text}` : type;
}

/** The events every edge needs: user-given variants, else `{ type }`; fails on unproducible types. */
function eventSource<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>) {
  const given = (options.events ?? {}) as Record<string, EventList<M, AnyEventObject> | undefined>;
  const types = new Set(
    listTransitions(machine)
      .map((t) => t.transition.eventType as string)
      .filter((type) => type && !type.startsWith('xstate.done.state.')),
  );
  for (const type of Object.keys(given))
    if (!types.has(type)) throw new Error(`${options.name}: events["${type}"] matches no transition of the machine`);
  for (const type of types) {
    if (!(type in given) && (type.includes('*') || type.startsWith('xstate.snapshot.') || type === 'xstate.route')) {
      throw new Error(`${options.name}: cannot produce event "${type}" from its type alone; add events["${type}"]`);
    }
  }
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    [...types].flatMap((type) => {
      const entry = given[type];
      return entry ? [...(typeof entry === 'function' ? entry(snapshot as SnapshotFrom<M>) : entry)] : [{ type }];
    });
}

export function generatePaths<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): ModelPath<M>[] {
  const candidates = eventSource(machine, options);
  // Invokes whose done/error event the path already delivered (children stay listed in snapshots).
  const finished = new WeakMap<AnyMachineSnapshot, ReadonlySet<string>>();
  const finishedIn = (
    s: AnyMachineSnapshot,
    event?: AnyEventObject,
    prev?: AnyMachineSnapshot,
  ): ReadonlySet<string> => {
    let ids = finished.get(s);
    if (!ids) {
      const id = event && actorIdOf(event.type);
      const before = prev ? [...finishedIn(prev), ...(id ? [id] : [])] : [];
      ids = new Set(before.filter((x) => prev && s.children[x] && s.children[x] === prev.children[x]));
      finished.set(s, ids);
    }
    return ids;
  };
  const stateKey = (s: AnyMachineSnapshot, event?: AnyEventObject, prev?: AnyMachineSnapshot) => {
    const done = finishedIn(s, event, prev);
    const running = Object.keys(s.children).filter((id) => !done.has(id));
    return JSON.stringify([s.value, options.serializeContext?.(s.context) ?? null, running]);
  };
  const serializeEvent = (e: AnyEventObject) => JSON.stringify(e, replacer);
  const inputs = options.inputs ?? [options.input];
  const traversalLimit = (options.maxPaths ?? 200) * STEPS_PER_PATH;
  const paths = inputs.flatMap((input) => {
    const traversal = {
      input,
      serializeEvent,
      events: (s: AnyMachineSnapshot) =>
        s.status !== 'active'
          ? []
          : candidates(s).filter((e) => {
              const id = actorIdOf(e.type);
              if (id !== undefined && (!s.children[id] || finishedIn(s).has(id))) return false;
              return machine.getTransitionData(s, e).length > 0;
            }),
      // Vertex = state reached via a transition, so every reachable transition ends some path.
      serializeState: (s: AnyMachineSnapshot, event?: AnyEventObject, prev?: AnyMachineSnapshot) =>
        !event || !prev
          ? stateKey(s)
          : `${stateKey(s, event, prev)} via ${machine.getTransitionData(prev, event).map(transitionKey).join(' + ')} from ${stateKey(prev)}`,
    };
    let raw: ReturnType<typeof getShortestPaths>;
    try {
      raw = getShortestPaths(machine, { ...traversal, limit: traversalLimit } as never);
    } catch (error) {
      if ((error as Error).message !== 'Traversal limit exceeded') throw error;
      throw new Error(
        `${options.name}: the chart's states (as serializeContext tells them apart) did not run out within ${traversalLimit} steps of the traversal (maxPaths × ${STEPS_PER_PATH}); a chart that loops or grows without end fails here instead of hanging`,
      );
    }
    if (options.pathStrategy === 'simple')
      raw.push(...getSimplePaths(machine, { ...traversal, serializeState: stateKey } as never));
    // Drop paths whose event sequence is a prefix of another path: that path checks every step anyway.
    const sigs = raw.map((p) =>
      p.steps
        .slice(1)
        .map((step) => `${serializeEvent(step.event)}\u0000`)
        .join(''),
    );
    const dropped = prefixPaths(sigs);
    const kept = raw.filter((_, i) => !dropped.has(i));
    return kept.map((p) => ({ description: '', input, steps: p.steps, state: p.state }) as ModelPath<M>);
  });
  // Titles are the readable plan (plan-format.ts, `npm run plans`): numbered, one step per event.
  paths.forEach((p, i) => {
    p.plan = planSteps(machine, p.steps as never);
    p.description = planTitle(
      i + 1,
      describeValue((p.steps[0]!.state as AnyMachineSnapshot).value),
      p.plan,
      options.inputs ? inputLabel(p.input) : undefined,
    );
  });
  const titles = new Set<string>();
  for (const p of paths) {
    if (titles.has(p.description)) throw new Error(`${options.name}: two paths share the title "${p.description}"`);
    titles.add(p.description);
  }
  const max = options.maxPaths ?? 200;
  if (paths.length > max)
    throw new Error(
      `${options.name}: ${paths.length} paths exceed maxPaths (${max}); narrow serializeContext or raise maxPaths`,
    );
  return paths;
}

/** Every model described in this process, in order: `npm run plans` reads the test files' paths here. */
export const modelPlans: { name: string; machine: AnyStateMachine; paths: ModelPath<AnyStateMachine>[] }[] = [];

/**
 * Indexes of signatures that repeat an earlier one or are a strict prefix of another. Sorted, a
 * signature's extensions follow it directly, so one pass over neighbours does (was quadratic).
 */
function prefixPaths(sigs: readonly string[]): Set<number> {
  const dropped = new Set<number>();
  const first = new Map<string, number>();
  sigs.forEach((sig, i) => (first.has(sig) ? dropped.add(i) : first.set(sig, i)));
  const unique = [...first.keys()].sort();
  for (let k = 0; k + 1 < unique.length; k++)
    if (unique[k + 1]!.startsWith(unique[k]!)) dropped.add(first.get(unique[k]!)!);
  return dropped;
}

/** SimulatedClock that knows when its pending timers are due. */
class StepClock extends SimulatedClock {
  private readonly due = new Map<number, number>();
  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const id = super.setTimeout(() => (this.due.delete(id), fn()), timeout);
    this.due.set(id, this.now() + timeout);
    return id;
  }
  override clearTimeout(id: number): void {
    this.due.delete(id);
    super.clearTimeout(id);
  }
  runNextTimer(): void {
    if (this.due.size) this.set(Math.min(...this.due.values()));
  }
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Replays one path against a live actor with fake actors; adds the transitions taken to `taken`. */
export async function replayPath<M extends AnyStateMachine>(
  machine: M,
  path: ModelPath<M>,
  options: Pick<ModelOptions<M>, 'input' | 'serializeContext' | 'assert' | 'states' | 'calls'> = {},
  taken: Set<string> = new Set(),
  reached: Set<string> = new Set(),
): Promise<Set<string>> {
  const running = new Map<
    string,
    { resolve: (output: unknown) => void; reject: (error: unknown) => void; input: unknown }
  >();
  const fake = fromPromise<unknown, unknown>(
    ({ self, signal, input }) =>
      new Promise((resolve, reject) => {
        const entry = { resolve, reject, input };
        running.set(self.id, entry);
        signal.addEventListener('abort', () => running.get(self.id) === entry && running.delete(self.id));
      }),
  );
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((src) => [src, fake]));
  const clock = new StepClock();
  let transitionsThisStep = 0;
  let actionsThisStep: { type: string; params: unknown }[] = [];
  let failure: unknown;
  const actor = createActor((machine as AnyStateMachine).provide({ actors }), {
    input: path.input ?? options.input,
    clock,
    inspect: (ev) => {
      if (ev.type === '@xstate.action' && ev.actorRef === actor)
        actionsThisStep.push({ type: ev.action.type, params: ev.action.params });
      if (ev.type !== '@xstate.microstep') return;
      transitionsThisStep += ev._transitions.length;
      for (const t of ev._transitions) taken.add(transitionKey(t));
    },
  });
  actor.subscribe({ error: (err) => (failure = err) });
  let from = '';
  let previous: AnyMachineSnapshot | undefined;
  const where = (i: number) =>
    `step ${i} (${describeEvent(path.steps[i]!.event)}) from "${from}" of: ${path.description}`;
  const scheduled = (type: string) =>
    Object.values(actor.system.getSnapshot()._scheduledEvents).some((s) => s.event.type === type);

  try {
    actor.start();
    for (const [i, step] of path.steps.entries()) {
      const { event } = step;
      if (i > 0) {
        from = describeValue(actor.getSnapshot().value);
        transitionsThisStep = 0;
        actionsThisStep = [];
        const id = actorIdOf(event.type);
        if (id !== undefined) {
          const child = running.get(id);
          if (!child)
            throw new Error(
              `model error at ${where(i)}: actor "${id}" is not running, so it cannot produce ${event.type}`,
            );
          running.delete(id);
          if (event.type.startsWith(DONE)) child.resolve((event as { output?: unknown }).output);
          else child.reject((event as { error?: unknown }).error);
        } else if (event.type.startsWith(AFTER)) {
          if (!scheduled(event.type))
            throw new Error(`model error at ${where(i)}: no timer is pending for ${event.type}`);
          clock.runNextTimer();
          if (scheduled(event.type)) throw new Error(`at ${where(i)}: another timer fired before ${event.type}`);
        } else {
          actor.send(event);
        }
      }
      await settle();
      if (failure) throw failure;
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      const predicted = step.state as AnyMachineSnapshot;
      if (i > 0 && transitionsThisStep === 0) throw new Error(`at ${where(i)}: the live actor took no transition`);
      expect(live.value, `state value after ${where(i)}`).toEqual(predicted.value);
      expect(live.status, `status after ${where(i)}`).toBe(predicted.status);
      if (options.serializeContext) {
        expect(options.serializeContext(live.context), `context after ${where(i)}`).toEqual(
          options.serializeContext(predicted.context),
        );
      }
      if (options.states) {
        const invoked = Object.fromEntries([...running].map(([id, entry]) => [id, entry.input]));
        for (const p of checkStates(options.states, live, previous, event, where(i), invoked, actionsThisStep))
          reached.add(p);
        for (const node of activeNodes(live)) {
          const calls = options.calls?.[statePath(node)];
          for (const [id, input] of Object.entries(calls ?? {})) expectCall({ snapshot: live, invoked }, id, input);
        }
      }
      await options.assert?.(live as SnapshotFrom<M>, step);
      previous = live;
    }
  } finally {
    actor.stop();
  }
  return taken;
}

/**
 * The transitions each step of `path` takes (step 0: the start's eventless ones), recorded as
 * coverage records them: a live replay with the harness's fake actors.
 */
export async function stepTransitions<M extends AnyStateMachine>(machine: M, path: ModelPath<M>): Promise<string[][]> {
  const steps: string[][] = [];
  let current: string[] = [];
  const recorder = new (class extends Set<string> {
    override add(key: string) {
      current.push(key);
      return super.add(key);
    }
  })();
  await replayPath(machine, path, { assert: () => void (steps.push(current), (current = [])) }, recorder);
  return steps;
}

/**
 * Few of `paths` that still take every transition they take together, each with the transitions of
 * each of its steps. A greedy cover: the path that takes the most transitions not yet taken (the
 * shorter, then the first generated, among equals), until none adds one; then any chosen path
 * whose transitions the others all take is dropped. Every path given is a shortest path (to its
 * vertex), and so is every path kept. The browser replays run these: a browser path
 * costs a page load, what a thousand model steps do.
 */
export async function coveringPaths<M extends AnyStateMachine>(
  machine: M,
  paths: readonly ModelPath<M>[],
): Promise<{ path: ModelPath<M>; steps: string[][] }[]> {
  const all: { path: ModelPath<M>; steps: string[][]; keys: Set<string> }[] = [];
  for (const path of paths) {
    const steps = await stepTransitions(machine, path);
    all.push({ path, steps, keys: new Set(steps.flat()) });
  }
  const shortestFirst = [...all].sort((a, b) => a.path.steps.length - b.path.steps.length);
  const chosen: typeof all = [];
  const taken = new Set<string>();
  for (;;) {
    const gain = (c: (typeof all)[number]) => [...c.keys].filter((k) => !taken.has(k)).length;
    const best = shortestFirst.reduce<(typeof all)[number] | undefined>(
      (b, c) => (gain(c) > (b ? gain(b) : 0) ? c : b),
      undefined,
    );
    if (!best) break;
    chosen.push(best);
    for (const k of best.keys) taken.add(k);
  }
  for (const candidate of [...chosen].reverse()) {
    const others = chosen.filter((c) => c !== candidate);
    if ([...candidate.keys].every((key) => others.some((c) => c.keys.has(key))))
      chosen.splice(chosen.indexOf(candidate), 1);
  }
  return all.filter((c) => chosen.includes(c)).map(({ path, steps }) => ({ path, steps }));
}

/**
 * A live actor with the harness's fake actors and clock, for checks a generated path cannot make:
 * above all a named delay's duration against docs/product/constants.md (`expectTimer`).
 */
export function liveModel<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  const running = new Map<
    string,
    { resolve: (output: unknown) => void; reject: (error: unknown) => void; input: unknown }
  >();
  const fake = fromPromise<unknown, unknown>(
    ({ self, signal, input }) =>
      new Promise((resolve, reject) => {
        const entry = { resolve, reject, input };
        running.set(self.id, entry);
        signal.addEventListener('abort', () => running.get(self.id) === entry && running.delete(self.id));
      }),
  );
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((src) => [src, fake]));
  const clock = new StepClock();
  let failure: unknown;
  const actor = createActor((machine as AnyStateMachine).provide({ actors }), { input, clock });
  actor.subscribe({ error: (err) => (failure = err) });
  actor.start();
  const snapshot = () => actor.getSnapshot() as SnapshotFrom<M>;
  const active = () => activeNodes(actor.getSnapshot() as AnyMachineSnapshot).map(statePath);
  const settled = async () => {
    await settle();
    if (failure) throw failure;
  };
  const inState = (path: string, when: string) =>
    expect(active(), `${when}: active states (value ${JSON.stringify(actor.getSnapshot().value)})`).toContain(path);
  return {
    snapshot,
    active,
    /** Sends user events; `xstate.done/error.actor.<id>` settle that fake actor. */
    async send(...events: AnyEventObject[]) {
      for (const event of events) {
        const id = actorIdOf(event.type);
        if (id !== undefined) {
          const child = running.get(id);
          if (!child) throw new Error(`actor "${id}" is not running in ${JSON.stringify(actor.getSnapshot().value)}`);
          running.delete(id);
          if (event.type.startsWith(DONE)) child.resolve((event as { output?: unknown }).output);
          else child.reject((event as { error?: unknown }).error);
        } else actor.send(event);
        await settled();
      }
    },
    async advance(ms: number) {
      clock.increment(ms);
      await settled();
    },
    /** The timer of state `from` fires after exactly `ms`: still in `from` at ms - 1, in `to` at ms. */
    async expectTimer(from: string, ms: number, to: string) {
      inState(from, `before the ${ms} ms timer`);
      clock.increment(ms - 1);
      await settled();
      inState(from, `${ms - 1} ms into the ${ms} ms timer of "${from}"`);
      clock.increment(1);
      await settled();
      expect(active(), `${ms} ms into the timer of "${from}"`).not.toContain(from);
      inState(to, `${ms} ms into the timer of "${from}"`);
    },
    stop: () => actor.stop(),
  };
}

/**
 * One vitest test per path (titled with its description), then the spec and coverage gates.
 * `states` and `calls` are required: a model test that only replays the chart's own prediction
 * cannot catch a wrong target.
 */
export function describeMachineModel<M extends AnyStateMachine>(
  machine: M,
  options: ModelOptions<M> & Required<Pick<ModelOptions<M>, 'states' | 'calls'>>,
): void {
  describe(`model: ${options.name}`, () => {
    const paths = generatePaths(machine, options);
    modelPlans.push({ name: options.name, machine, paths });
    const taken = new Set<string>();
    const reached = new Set<string>();
    for (const path of paths)
      it(path.description, () => replayPath(machine, path, options, taken, reached).then(() => undefined));
    if (options.states) {
      const states = options.states;
      it(`has a spec expectation for every state of ${options.name}`, () => {
        const missing = leafStatePaths(machine).filter((p) => !ancestorsAndSelf(p).some((a) => a in states));
        expect(missing, `states of ${options.name} without an expectation`).toEqual([]);
        expect(
          Object.keys(states).filter((k) => !reached.has(k)),
          `expectations of ${options.name} never reached`,
        ).toEqual([]);
        const invoking = allStateNodes(machine)
          .filter((n) => n.invoke.length)
          .map(statePath);
        expect(
          invoking.filter((p) => !options.calls?.[p]),
          `states of ${options.name} whose calls are not listed`,
        ).toEqual([]);
      });
    }
    it(`covers every transition of ${options.name}`, () => {
      const report = transitionCoverage(machine, taken);
      console.log(formatCoverage(options.name, report));
      expect(
        report.uncovered.map((t) => t.label),
        `uncovered transitions of ${options.name}`,
      ).toEqual([]);
    });
  });
}

/**
 * A chart started from what its route loaded (docs/decisions/730) is checked where it lands; from
 * there on the screen is the same as after its own load, which the paths without it walk, so those
 * inputs send nothing more and the model stays its size.
 */
export const fromOwnLoadOnly = <S extends { context: { first?: unknown } }>(
  events: Record<string, readonly AnyEventObject[] | ((snap: S) => readonly AnyEventObject[])>,
) =>
  Object.fromEntries(
    Object.entries(events).map(([type, list]) => [
      type,
      (snap: S) => (snap.context.first !== null ? [] : typeof list === 'function' ? list(snap) : list),
    ]),
  );

/**
 * What reached a state of a chart that can start from its route's load (docs/decisions/730): on
 * the start, what the route loaded; otherwise the event's answer or error. A loaded start lands
 * where the same answer from the chart's own fetch does, so one check serves both.
 */
type Reached = { context: { first?: { data: unknown } | { error: unknown } | null }; event: { type: string } };
export const startedFromRoute = ({ context, event }: Reached) => event.type === 'xstate.init' && context.first != null;

/** The error that reached the state: the route's failed load on the start, else the call's. */
export const errorReached = (check: Reached) => {
  const first = check.context.first;
  return startedFromRoute(check) && first && 'error' in first
    ? (first.error as ReturnType<typeof errorOf>)
    : errorOf(check.event);
};

/** The answer that reached the state: the route's data on the start, else the call's output. */
export const outputReached = (check: Reached) => {
  const first = check.context.first;
  return startedFromRoute(check) && first && 'data' in first ? first.data : outputOf(check.event);
};

/** The state was reached by one of `types`, or on the start from the route's load. */
export const reachedBy = (check: Reached, ...types: string[]) => {
  if (!startedFromRoute(check)) expect(types).toContain(check.event.type);
};
