/**
 * Designers read what a state means (issue 13): every state of every machine has a description
 * (what the customer sees, from SPEC.md), and a machine that ends has typed output on its final
 * states (ARCHITECTURE.md: "A machine that ends has a final state with output").
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');
const files = readdirSync(machinesDir).filter((f) => f.endsWith('.ts')).sort();

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && typeof (value as AnyStateMachine).getStateNodeById === 'function';
const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];

const machines = await Promise.all(
  files.map(async (file) => {
    const found = Object.values(await import(pathToFileURL(path.join(machinesDir, file)).href)).filter(isMachine);
    return [file, found] as const;
  }),
);

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
      const lacking = finals.filter((n) => (n.parent === machine.root ? machine.root.output === undefined : n.output === undefined));
      expect(lacking.map((n) => n.path.join('.'))).toEqual([]);
    });
  }
});
