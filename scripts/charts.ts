/**
 * `npm run charts`: writes docs/flows/<flow>.json beside each docs/flows/<flow>.md: the machine's
 * config as JSON a designer imports into Stately's editor (states with their descriptions, events,
 * targets, tags, outputs, and every actor, guard, action and delay by name), plus a `setup` block
 * listing those names with each delay's spec constant. Functions (input mappers, computed params)
 * are code, not chart: they are left out. test/model/charts.test.ts fails when a committed chart
 * differs from what the machines produce.
 *
 *   node --import tsx scripts/charts.ts [machinesDir] [outDir]     (defaults: machines docs/flows)
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { delayValue } from './lib/delays.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    typeof (value as AnyStateMachine).getStateNodeById === 'function'
  );
}

/** A config value as JSON: functions dropped (objects) or named (guards, actions, delays). */
function plain(value: unknown): unknown {
  if (typeof value === 'function') return undefined;
  if (Array.isArray(value)) return value.map(plain).filter((v) => v !== undefined);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const p = plain(v);
      if (p !== undefined) out[k] = p;
    }
    return out;
  }
  return value;
}

/** The Stately-importable chart of one machine. */
export function chartOf(machine: AnyStateMachine): Record<string, unknown> {
  const impl = machine.implementations;
  const delays = Object.fromEntries(
    Object.entries(impl.delays).map(([name, d]) => [name, typeof d === 'number' ? d : delayValue(machine, name)]),
  );
  // A context written as a literal is shown; one computed from input, and the output mapper, are code.
  const config = plain({ ...machine.config, output: undefined }) as Record<string, unknown>;
  return {
    ...config,
    setup: {
      actors: Object.keys(impl.actors).sort(),
      guards: Object.keys(impl.guards).sort(),
      actions: Object.keys(impl.actions).sort(),
      delays,
    },
  };
}

/** The chart file's text for a machine module (one machine per file; several are listed together). */
export function chartText(machines: readonly [string, AnyStateMachine][]): string {
  const charts = machines.map(([, m]) => chartOf(m));
  return `${JSON.stringify(charts.length === 1 ? charts[0] : charts, null, 2)}\n`;
}

export async function machineModules(dir: string): Promise<{ file: string; machines: [string, AnyStateMachine][] }[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mod: Record<string, unknown> = await import(pathToFileURL(path.join(dir, file)).href);
      return { file, machines: Object.entries(mod).filter((e): e is [string, AnyStateMachine] => isMachine(e[1])) };
    }),
  );
}

async function main() {
  const [machinesDir = 'machines', outDir = 'docs/flows'] = process.argv.slice(2);
  const dir = path.resolve(repo, machinesDir);
  const out = path.resolve(repo, outDir);
  await mkdir(out, { recursive: true });
  for (const { file, machines } of await machineModules(dir)) {
    if (!machines.length) continue;
    const target = path.join(out, file.replace(/\.ts$/, '.json'));
    await writeFile(target, chartText(machines));
    console.log(`charts: wrote ${path.relative(repo, target)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
