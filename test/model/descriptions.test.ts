/**
 * Designers read what a state means: every state of every machine has a description
 * (what the customer sees, from docs/product/), and a machine that ends has typed output on its final
 * states (docs/architecture.md: "A machine that ends has a final state with output").
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';

/*
 * Imported through Vite's glob, one import per machine: `npm run mutate` (Vitest's `related` mode
 * follows dynamic imports as well) then runs this file against every machine's mutants, so a mutant
 * that empties a description or the chart's id is caught here. When `npm run mutate` mutates one
 * machine file (MUTATE_FILE, scripts/mutate.ts), only that file is loaded: every mutant of a chart is
 * static, so each one reloads all the run imports, and loading every machine for each mutant was
 * most of a run's time on two shared cores.
 */
const loaders = import.meta.glob<Record<string, unknown>>('../../machines/*.ts');
const mutated = process.env.MUTATE_FILE ? `../../${process.env.MUTATE_FILE}` : undefined;
const only = mutated !== undefined && mutated in loaders ? mutated : undefined;
const modules = Object.fromEntries(
  await Promise.all(
    Object.entries(loaders)
      .filter(([file]) => only === undefined || file === only)
      .map(async ([file, load]) => [file, await load()] as const),
  ),
);

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  typeof (value as AnyStateMachine).getStateNodeById === 'function';
const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];

const machines = Object.entries(modules)
  .map(([file, module]) => [file.replace('../../machines/', ''), Object.values(module).filter(isMachine)] as const)
  .sort(([a], [b]) => a.localeCompare(b));

it('finds every machine file', () => {
  expect(machines.length).toBeGreaterThan(only === undefined ? 40 : 0);
});

it('gives every machine its own id, the name its chart and the inspector show', () => {
  const ids = machines.flatMap(([, found]) => found.map((m) => m.id));
  expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
});

describe.each(machines)('machines/%s', (_file, found) => {
  it('exports its machine', () => expect(found.length).toBeGreaterThan(0));
  for (const machine of found) {
    const nodes = allNodes(machine.root).slice(1);
    it(`${machine.id}: every state has a description`, () => {
      expect(nodes.filter((n) => !n.description?.trim()).map((n) => n.path.join('.'))).toEqual([]);
    });
    it(`${machine.id}: its final states have output`, () => {
      const finals = nodes.filter((n) => n.type === 'final');
      // A top-level final state ends the machine: the machine's output (fed by the state's own
      // output when it has one). A nested final state's output goes to its parent's done event.
      const lacking = finals.filter((n) =>
        n.parent === machine.root ? machine.root.output === undefined : n.output === undefined,
      );
      expect(lacking.map((n) => n.path.join('.'))).toEqual([]);
    });
  }
});
