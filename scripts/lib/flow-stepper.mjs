// @ts-check
/**
 * The flow gallery's stepping rules (npm run flows:serve, decision 182), shared by the page
 * (served as /stepper.mjs) and its tests. A model is what scripts/flows-serve.ts derives from a
 * machine: states by dotted path ('' is the root), each with its transitions.
 *
 * @typedef {{ label: string, event: string, guard: string | null, delay: { name: string, ms: number | null, rule?: string } | null, targets: string[] }} FlowTransition
 * @typedef {{ path: string, key: string, type: string, description: string, mermaidId: string | null, initial: string | null, parent: string | null, transitions: FlowTransition[] }} FlowState
 * @typedef {{ flow: string, machineId: string, states: Record<string, FlowState> }} FlowModel
 */

/**
 * The state entered when `path` is entered: down through each compound state's initial child.
 * @param {FlowModel} model
 * @param {string} path
 * @returns {string}
 */
export function enter(model, path) {
  let current = path;
  for (;;) {
    const state = model.states[current];
    if (!state || state.type !== 'compound' || state.initial === null) return current;
    current = state.initial;
  }
}

/**
 * What can happen in `path`: its own transitions first, then its ancestors', as XState picks them.
 * @param {FlowModel} model
 * @param {string} path
 * @returns {{ from: string, transition: FlowTransition }[]}
 */
export function choices(model, path) {
  /** @type {{ from: string, transition: FlowTransition }[]} */
  const out = [];
  for (let p = /** @type {string | null} */ (path); p !== null; p = model.states[p]?.parent ?? null) {
    for (const transition of model.states[p]?.transitions ?? []) out.push({ from: p, transition });
  }
  return out;
}

/**
 * The state after taking `transition` from `path` (a transition without target stays).
 * @param {FlowModel} model
 * @param {string} path
 * @param {FlowTransition} transition
 * @returns {string}
 */
export function step(model, path, transition) {
  const target = transition.targets[0];
  return target === undefined ? path : enter(model, target);
}

/**
 * The diagram node ids to highlight for `path`: the state and each compound ancestor.
 * @param {FlowModel} model
 * @param {string} path
 * @returns {string[]}
 */
export function highlighted(model, path) {
  /** @type {string[]} */
  const ids = [];
  for (let p = /** @type {string | null} */ (path); p !== null; p = model.states[p]?.parent ?? null) {
    const id = model.states[p]?.mermaidId;
    if (id) ids.push(id);
  }
  return ids;
}
