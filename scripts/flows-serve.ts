/**
 * `npm run flows:serve`: the flow gallery for designers (decision 182). A small local
 * server, no network, listing every machine with its diagram (docs/flows/<flow>.svg, from
 * `npm run charts`); on a flow's page a designer steps through the chart: pick what happens, see
 * the next state highlighted, with guard names and each delay's spec constant.
 *
 *   npm run flows:serve            (PORT, default 5180)
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { allNodes, eventLabel, mermaidIds, nameOf } from './flows.ts';
import { delayValue } from './lib/delays.ts';
import type { FlowModel, FlowState, FlowTransition } from './lib/flow-stepper.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  typeof (value as AnyStateMachine).getStateNodeById === 'function';

const pathOf = (node: AnyStateNode): string => node.path.join('.');

function transitionsOf(node: AnyStateNode, delays: Record<string, unknown>): FlowTransition[] {
  const all: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
  return all.map((t) => {
    const rawDelay = (t as { delay?: string | number }).delay;
    const delay =
      rawDelay === undefined
        ? null
        : typeof rawDelay === 'number'
          ? { name: `${rawDelay} ms`, ms: rawDelay, rule: `${rawDelay} ms` }
          : {
              name: rawDelay,
              ms: typeof delays[rawDelay] === 'number' ? (delays[rawDelay] as number) : null,
              rule: delayValue(node.machine, rawDelay),
            };
    return {
      label: eventLabel(t),
      event: t.eventType as string,
      guard: t.guard ? nameOf(t.guard) : null,
      delay,
      targets: (t.target ?? []).map(pathOf),
    };
  });
}

/** The gallery's model of one machine: every state by dotted path, with its transitions. */
export function flowModel(flow: string, machine: AnyStateMachine): FlowModel {
  const ids = mermaidIds(machine);
  const delays = machine.implementations.delays as Record<string, unknown>;
  const states: Record<string, FlowState> = {};
  for (const node of allNodes(machine.root)) {
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states[pathOf(node)] = {
      path: pathOf(node),
      key: node === machine.root ? machine.id : node.key,
      type: node.type,
      description: node.description ?? '',
      mermaidId: ids.get(node) ?? null,
      initial: initialTarget ? pathOf(initialTarget) : null,
      parent: node.parent ? pathOf(node.parent) : null,
      transitions: transitionsOf(node, delays),
    };
  }
  return { flow, machineId: machine.id, states };
}

/** One model per machines/*.ts file (its first exported machine), by file name. */
export async function flowModels(machinesDir = path.join(repo, 'machines')): Promise<Map<string, FlowModel>> {
  const files = (await readdir(machinesDir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')).sort();
  const models = new Map<string, FlowModel>();
  for (const file of files) {
    const mod: Record<string, unknown> = await import(pathToFileURL(path.join(machinesDir, file)).href);
    const machine = Object.values(mod).find(isMachine);
    if (machine) models.set(file.slice(0, -3), flowModel(file.slice(0, -3), machine));
  }
  return models;
}

const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1d1d1b; background: #f4f5f5; }
  header { background: #0b2e2b; color: #fff; padding: 12px 16px; }
  header a { color: #fff; }
  main { padding: 16px; max-width: 1400px; margin: 0 auto; }
  ul.flows { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; }
  ul.flows a { display: block; background: #fff; border: 1px solid #b1b4b6; border-radius: 6px; padding: 12px; color: #005a41; }
  ul.flows .counts { display: block; color: #505a5f; font-size: 14px; }
  /* A crop at the diagram's own scale (its start, top centre), so state names are legible. */
  ul.flows .crop { display: block; height: 220px; overflow: hidden; margin-top: 8px; border-top: 1px solid #b1b4b6; }
  ul.flows img { display: block; width: 100%; max-width: none; height: auto; }
  #filter { font: inherit; padding: 6px 8px; width: min(100%, 360px); border: 2px solid #0b0c0c; }
  #filter:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
  .layout { display: grid; grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); gap: 16px; align-items: start; }
  @media (max-width: 800px) { .layout { grid-template-columns: 1fr; } }
  figure { margin: 0; background: #fff; border: 1px solid #b1b4b6; border-radius: 6px; overflow: auto; max-height: 80vh; }
  figure svg { min-width: 600px; height: auto; }
  section.panel { background: #fff; border: 1px solid #b1b4b6; border-radius: 6px; padding: 12px 16px; }
  dl.states { display: grid; grid-template-columns: minmax(8em, max-content) 1fr; gap: 4px 16px; } dl.states dd { margin: 0; }
  ol.choices { padding-left: 1.2em; }
  ol.choices button { font: inherit; text-align: left; padding: 6px 10px; margin: 4px 0; border: 2px solid #005a41; background: #fff; color: #005a41; border-radius: 4px; cursor: pointer; }
  ol.choices button:focus-visible, .actions button:focus-visible, a:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
  .guard { color: #6f4e00; } .delay { color: #0b4f8a; } .from { color: #505a5f; font-size: 14px; }
  .actions button { font: inherit; padding: 6px 12px; margin-right: 8px; }
  svg g.gallery-current rect, svg g.gallery-current path, svg g.gallery-current circle { stroke: #d4351c !important; stroke-width: 4px !important; }
  svg g.gallery-current rect { fill: #fff1ee !important; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** A flow's size as the gallery card shows it: its states (the root not counted) and transitions. */
export function flowCounts(model: FlowModel): { states: number; transitions: number } {
  const states = Object.values(model.states);
  return {
    states: states.length - 1,
    transitions: states.reduce((sum, state) => sum + state.transitions.length, 0),
  };
}

/**
 * Where a card crops a Mermaid SVG: its own width in px (max-width) and the x of its start state,
 * so the crop shows the flow's beginning at the drawn scale, where state names are legible.
 */
export function svgCrop(svg: string): { width: number; startX: number } | null {
  const width = /max-width:\s*([\d.]+)px/.exec(svg);
  if (!width) return null;
  const minX = Number(/viewBox="(-?[\d.]+)/.exec(svg)?.[1] ?? 0);
  const start = /_start-\d+"[^>]*? transform="translate\((-?[\d.]+)/.exec(svg);
  const w = Number(width[1]);
  return { width: Math.round(w), startX: Math.round(start ? Number(start[1]) - minX : w / 2) };
}

function indexPage(
  models: Map<string, FlowModel>,
  crops: Map<string, { width: number; startX: number } | null>,
): string {
  const items = [...models.values()]
    .map((model) => {
      const { states, transitions } = flowCounts(model);
      const crop = crops.get(model.flow);
      const search = [model.flow, model.machineId, ...Object.values(model.states).map((s) => s.key)]
        .join(' ')
        .toLowerCase();
      return `<li data-search="${esc(search)}"><a href="/flow/${model.flow}"><strong class="name">${esc(model.flow)}</strong> <span class="counts">${states} states · ${transitions} transitions</span><span class="crop"><img src="/svg/${model.flow}.svg" alt=""${crop ? ` style="width: ${crop.width}px; margin-left: calc(50% - ${crop.startX}px)"` : ''}></span></a></li>`;
    })
    .join('');
  return page(
    'Flow gallery',
    `<header><strong>My account · flow gallery</strong></header><main><h1>Flows</h1><p>Every statechart in machines/, drawn by <code>npm run charts</code>. Open one to step through it.</p>
<p><label for="filter">Filter by flow, machine or state name</label><br><input id="filter" type="search" autocomplete="off"></p>
<p id="shown" aria-live="polite">${models.size} of ${models.size} flows shown</p>
<ul class="flows">${items}</ul></main>
<script type="module">
const input = document.getElementById('filter');
const items = [...document.querySelectorAll('ul.flows li')];
input.addEventListener('input', () => {
  const words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = 0;
  for (const li of items) {
    const match = words.every((w) => li.dataset.search.includes(w));
    li.hidden = !match;
    if (match) shown += 1;
  }
  document.getElementById('shown').textContent = shown + ' of ' + items.length + ' flows shown';
});
</script>`,
  );
}

/** Every state with its one-line description (the chart's own `description`), for a designer reading the whole flow. */
export function statesList(model: FlowModel): string {
  const rows = Object.values(model.states)
    .filter((s) => s.path !== '')
    .map((s) => `<dt><code>${esc(s.path)}</code></dt><dd>${esc(s.description || 'No description.')}</dd>`);
  return `<section aria-labelledby="states-heading"><h2 id="states-heading">States</h2><dl class="states">${rows.join('')}</dl></section>`;
}

function flowPage(model: FlowModel, svg: string): string {
  const json = JSON.stringify(model).replace(/</g, '\\u003c');
  return page(
    `${model.flow} · flow gallery`,
    `<header><a href="/">All flows</a></header><main><h1>${esc(model.flow)} <small>(machine id <code>${esc(model.machineId)}</code>)</small></h1>
<div class="layout"><figure tabindex="0" aria-label="Statechart of ${esc(model.flow)}">${svg}</figure>
<section class="panel" aria-labelledby="now-heading"><h2 id="now-heading">Current state</h2>
<div aria-live="polite"><p><strong id="now"></strong></p><p id="meaning"></p></div>
<h3>What can happen</h3><ol class="choices" id="choices"></ol>
<div class="actions"><button type="button" id="back">Back</button><button type="button" id="restart">Start again</button></div>
<h3>Path so far</h3><ol id="trail"></ol></section></div>
${statesList(model)}</main>
<script type="application/json" id="model">${json}</script>
<script type="module">
import { choices, enter, highlighted, step } from '/stepper.mjs';
const model = JSON.parse(document.getElementById('model').textContent);
const svg = document.querySelector('figure svg');
let history = [enter(model, '')];
const label = (p) => (p === '' ? model.machineId : p);
function render() {
  const now = history[history.length - 1];
  const state = model.states[now];
  document.getElementById('now').textContent = label(now) + (state.type === 'final' ? ' (final)' : '');
  document.getElementById('meaning').textContent = state.description || 'No description.';
  svg.querySelectorAll('.gallery-current').forEach((g) => g.classList.remove('gallery-current'));
  for (const id of highlighted(model, now)) {
    const node = svg.querySelector('[id^="' + model.flow + '-state-' + id + '-"]');
    if (node) node.classList.add('gallery-current');
  }
  const list = document.getElementById('choices');
  list.replaceChildren();
  const options = choices(model, now);
  if (options.length === 0) list.insertAdjacentHTML('beforeend', '<li>Nothing: this is where the flow ends.</li>');
  for (const { from, transition } of options) {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.append(transition.label);
    if (transition.guard) { const g = document.createElement('span'); g.className = 'guard'; g.textContent = ' [' + transition.guard + ']'; button.append(g); }
    if (transition.delay) { const d = document.createElement('span'); d.className = 'delay'; d.textContent = ' ' + transition.delay.name + (transition.delay.ms === null ? ' = ' + transition.delay.rule : ' = ' + transition.delay.ms + ' ms'); button.append(d); }
    button.append(' → ' + (transition.targets.length ? transition.targets.map(label).join(', ') : 'stays'));
    button.addEventListener('click', () => { history.push(step(model, now, transition)); render(); document.getElementById('now').focus?.(); });
    li.append(button);
    if (from !== now) { const f = document.createElement('span'); f.className = 'from'; f.textContent = ' (from ' + label(from) + ')'; li.append(f); }
    list.append(li);
  }
  const trail = document.getElementById('trail');
  trail.replaceChildren(...history.map((p) => { const li = document.createElement('li'); li.textContent = label(p); return li; }));
  document.getElementById('back').disabled = history.length === 1;
}
document.getElementById('back').addEventListener('click', () => { if (history.length > 1) { history.pop(); render(); } });
document.getElementById('restart').addEventListener('click', () => { history = [history[0]]; render(); });
render();
</script>`,
  );
}

/** Starts the gallery on `port` (0: any free port). */
export async function startGallery(
  opts: { port?: number; flowsDir?: string; machinesDir?: string } = {},
): Promise<{ server: Server; url: string }> {
  const flowsDir = opts.flowsDir ?? path.join(repo, 'docs/flows');
  const models = await flowModels(opts.machinesDir);
  const stepper = await readFile(path.join(repo, 'scripts/lib/flow-stepper.mjs'), 'utf8');
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
        res.end(body);
      };
      if (url.pathname === '/') {
        const crops = new Map(
          await Promise.all(
            [...models.keys()].map(
              async (flow) =>
                [flow, svgCrop(await readFile(path.join(flowsDir, `${flow}.svg`), 'utf8').catch(() => ''))] as const,
            ),
          ),
        );
        return send(200, 'text/html', indexPage(models, crops));
      }
      if (url.pathname === '/stepper.mjs') return send(200, 'text/javascript', stepper);
      const svgMatch = /^\/svg\/([a-z0-9-]+)\.svg$/.exec(url.pathname);
      const flowMatch = /^\/flow\/([a-z0-9-]+)$/.exec(url.pathname);
      const name = svgMatch?.[1] ?? flowMatch?.[1];
      const model = name ? models.get(name) : undefined;
      if (!name || !model) return send(404, 'text/plain', 'Not found');
      const svg = await readFile(path.join(flowsDir, `${name}.svg`), 'utf8').catch(
        () => '<p>No diagram yet: run npm run charts.</p>',
      );
      if (svgMatch) return send(200, 'image/svg+xml', svg);
      return send(200, 'text/html', flowPage(model, svg));
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await startGallery({ port: Number(process.env['PORT'] ?? 5180) });
  console.log(`flow gallery: ${url}`);
}
