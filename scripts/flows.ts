/**
 * Writes docs/flows/<machine-file>.md for every machines/*.ts: a Mermaid stateDiagram-v2 drawn
 * from xstate/graph's toDirectedGraph, plus the states and events as tables, for designers.
 *
 *   node --import tsx scripts/flows.ts [machinesDir] [outDir]     (defaults: machines docs/flows)
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';
import { delayText } from './lib/delays.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [machinesDir = 'machines', outDir = 'docs/flows'] =
  import.meta.url === `file://${process.argv[1]}` ? process.argv.slice(2) : [];

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    typeof (value as AnyStateMachine).getStateNodeById === 'function'
  );
}

export function nameOf(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'function') {
    const inner = (item as { guards?: unknown[] }).guards;
    if (inner) return `${item.name}(${inner.map(nameOf).join(', ')})`;
    return (item as { type?: string }).type ?? (item.name || 'inline');
  }
  return typeof item === 'object' && item !== null && 'type' in item ? String(item.type) : 'inline';
}

export function eventLabel(t: AnyTransitionDefinition): string {
  const type = t.eventType as string;
  if (type === '') return 'always';
  if (type.startsWith('xstate.after.')) {
    const delay = (t as { delay?: string | number }).delay ?? type.slice(13).split('.')[0]!;
    return `after ${delayText(t.source.machine, delay)}`;
  }
  if (type.startsWith('xstate.done.actor.')) return `${type.slice(18)} done`;
  if (type.startsWith('xstate.error.actor.')) return `${type.slice(19)} error`;
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type;
}

const transitionLabel = (t: AnyTransitionDefinition) => `${eventLabel(t)}${t.guard ? ` [${nameOf(t.guard)}]` : ''}`;
const mermaidText = (text: string) => text.replace(/[:;#{}"]/g, ' ');
const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'style', 'click']);

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}
function transitionsOf(graph: DirectedGraphNode): AnyTransitionDefinition[] {
  const own = [...new Set(graph.edges.map((e) => e.transition)), ...(graph.stateNode.always ?? [])];
  return [...own, ...graph.children.flatMap(transitionsOf)];
}

/** Each state's name in the Mermaid diagram: its key when unique, else its path joined by `_`. */
export function mermaidIds(machine: AnyStateMachine): Map<AnyStateNode, string> {
  const nodes = allNodes(machine.root).slice(1);
  const keyCount = new Map<string, number>();
  for (const n of nodes) keyCount.set(n.key, (keyCount.get(n.key) ?? 0) + 1);
  return new Map(
    nodes.map((n) => {
      const id = (keyCount.get(n.key) === 1 && !RESERVED.has(n.key) ? n.key : n.path.join('_')).replace(/\W/g, '_');
      return [n, id] as const;
    }),
  );
}

/** The machine as a Mermaid stateDiagram-v2 (the block docs/flows/<flow>.md holds). */
export function mermaid(machine: AnyStateMachine): string {
  const ids = mermaidIds(machine);

  // Each edge goes in the innermost non-parallel compound state that contains both ends.
  const edges = new Map<AnyStateNode, string[]>();
  const comments: string[] = [];
  for (const t of transitionsOf(toDirectedGraph(machine))) {
    for (const target of t.target ?? [t.source]) {
      if (t.source === machine.root) {
        comments.push(`%% from any state: ${mermaidText(transitionLabel(t))} --> ${ids.get(target) ?? 'root'}`);
        continue;
      }
      let home = t.source.parent!;
      while (home.parent && (home.type === 'parallel' || !allNodes(home).slice(1).includes(target))) home = home.parent;
      const list = edges.get(home) ?? [];
      const from = ids.get(t.source)!;
      const to = ids.get(target) ?? from;
      const label = mermaidText(transitionLabel(t));
      // A state's self-loops are drawn as one loop listing its events, one per line: ELK stacks one
      // loop per event beside the state, a pile of arrowheads no one can read (the booking lifecycle's
      // unknown state has eleven).
      const loop = from === to ? list.findIndex((line) => line.startsWith(`${from} --> ${from} : `)) : -1;
      if (loop >= 0) list[loop] = `${list[loop]}<br/>${label}`;
      else list.push(`${from} --> ${to} : ${label}`);
      edges.set(home, list);
    }
  }

  const render = (node: AnyStateNode, indent: string): string[] => {
    const children = Object.values(node.states);
    const lines: string[] = [];
    if (node.type !== 'parallel' && node.initial?.target[0])
      lines.push(`${indent}[*] --> ${ids.get(node.initial.target[0])}`);
    children.forEach((child, i) => {
      const id = ids.get(child)!;
      if (node.type === 'parallel' && i > 0) lines.push(`${indent}--`);
      if (Object.keys(child.states).length) {
        lines.push(`${indent}state ${id} {`, ...render(child, `${indent}  `), `${indent}}`);
      } else {
        // Mermaid titles a state with its first description line, so the name goes first and
        // each invoked actor on its own line beneath it (one line alone would replace the name).
        const invokes = child.invoke.map((inv) => `invokes ${nameOf(inv.src)}`);
        if (invokes.length)
          lines.push(
            `${indent}${id} : ${mermaidText(child.key)}`,
            ...invokes.map((line) => `${indent}${id} : ${mermaidText(line)}`),
          );
        else lines.push(`${indent}${id}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
    });
    return [...lines, ...(edges.get(node) ?? []).map((e) => `${indent}${e}`)];
  };
  // Mermaid splits regions with `--` only inside a composite state: wrap a parallel root.
  const body =
    machine.root.type === 'parallel'
      ? [`  state ${machine.id.replace(/\W/g, '_')} {`, ...render(machine.root, '    '), '  }']
      : render(machine.root, '  ');
  return ['stateDiagram-v2', ...comments.map((c) => `  ${c}`), ...body].join('\n');
}

export function markdown(source: string, machines: [string, AnyStateMachine][]): string {
  const out = [
    `# Flows in \`${source}\``,
    '',
    `Generated by \`npm run flows\` (scripts/flows.ts) from the machine itself; do not edit by hand.`,
    '',
  ];
  for (const [exportName, machine] of machines) {
    const cell = (s: string) => s.replace(/\|/g, '\\|') || '—';
    out.push(
      `## \`${exportName}\` (id \`${machine.id}\`)`,
      '',
      '```mermaid',
      mermaid(machine),
      '```',
      '',
      '### States',
      '',
    );
    out.push('| State | Type | Invokes | Delays | Tags |', '| --- | --- | --- | --- | --- |');
    for (const n of allNodes(machine.root).slice(1)) {
      const delays = n.after.map((t) => eventLabel(t).slice(6)).join(', ');
      out.push(
        `| \`${n.path.join('.')}\` | ${n.type} | ${cell(n.invoke.map((i) => `${nameOf(i.src)} (id ${i.id})`).join(', '))} | ${cell(delays)} | ${cell(n.tags.join(', '))} |`,
      );
    }
    out.push('', '### Events', '', '| Event | From | To | Guard | Actions |', '| --- | --- | --- | --- | --- |');
    for (const t of transitionsOf(toDirectedGraph(machine))) {
      const from = t.source === machine.root ? 'any state' : `\`${t.source.path.join('.')}\``;
      const to = t.target?.map((s) => `\`${s.path.join('.') || machine.id}\``).join(', ') ?? '(stays)';
      out.push(
        `| ${cell(eventLabel(t))} | ${from} | ${to} | ${cell(t.guard ? nameOf(t.guard) : '')} | ${cell(t.actions.map(nameOf).join(', '))} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const dir = path.resolve(repo, machinesDir);
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .sort();
  if (!files.length) {
    console.log(`flows: found no machines in ${path.relative(repo, dir) || '.'}/ — nothing to write`);
    return;
  }
  await mkdir(path.resolve(repo, outDir), { recursive: true });
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(path.join(dir, file)).href);
    const machines = Object.entries(mod).filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]));
    if (!machines.length) {
      console.log(`flows: ${file} exports no state machine, skipped`);
      continue;
    }
    const target = path.resolve(repo, outDir, file.replace(/\.ts$/, '.md'));
    await writeFile(target, markdown(path.relative(repo, path.join(dir, file)), machines));
    console.log(`flows: wrote ${path.relative(repo, target)} (${machines.map(([name]) => name).join(', ')})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
