/**
 * The flow gallery (`npm run flows:serve`, decision 182): its model of each machine,
 * the stepping rules the page uses, and the pages it serves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { flowCounts, flowModel, startGallery, svgCrop } from '#scripts/flows-serve';
import { choices, enter, highlighted, step } from '#scripts/lib/flow-stepper.mjs';
import { refundQuoteMachine } from '#machines/refund-quote';

/** A small chart with the shapes that matter: nesting, a parent's event, a named delay, a guard. */
const sample = createMachine(
  {
    id: 'sample',
    initial: 'form',
    states: {
      form: {
        initial: 'editing',
        on: { 'form.cancel': { target: 'cancelled' } },
        states: {
          editing: { on: { 'form.submit': [{ guard: 'isValid', target: 'saving' }, { target: 'editing' }] } },
          saving: { after: { saveTimeout: { target: '#sample.failed' } } },
        },
      },
      failed: { on: { 'form.retry': { target: 'form' } } },
      cancelled: { type: 'final' },
    },
  },
  { guards: { isValid: () => true }, delays: { saveTimeout: 10_000 } },
);

describe('flow model and stepping', () => {
  const model = flowModel('sample', sample);

  it('starts in the innermost initial state and highlights it with its parent', () => {
    const start = enter(model, '');
    expect(start).toBe('form.editing');
    expect(highlighted(model, start)).toEqual(['editing', 'form']);
  });

  it("offers the state's own transitions with guard names first, then its parent's", () => {
    const offered = choices(model, 'form.editing').map(({ from, transition }) => [
      from,
      transition.label,
      transition.guard,
      transition.targets,
    ]);
    expect(offered).toEqual([
      ['form.editing', 'form.submit', 'isValid', ['form.saving']],
      ['form.editing', 'form.submit', null, ['form.editing']],
      ['form', 'form.cancel', null, ['cancelled']],
    ]);
  });

  it('names each delay with its value, and steps through it', () => {
    const [timeout] = choices(model, 'form.saving');
    expect(timeout?.transition.delay).toEqual({ name: 'saveTimeout', ms: 10_000, rule: '10000 ms' });
    expect(step(model, 'form.saving', timeout!.transition)).toBe('failed');
    // Back into a compound state: its initial child.
    const [retry] = choices(model, 'failed');
    expect(step(model, 'failed', retry!.transition)).toBe('form.editing');
    expect(choices(model, 'cancelled')).toEqual([]);
    expect(model.states['cancelled']?.type).toBe('final');
  });

  it('reads a real machine: refund quote from idle to the refund page', () => {
    const quote = flowModel('refund-quote', refundQuoteMachine);
    let now = enter(quote, '');
    expect(now).toBe('idle');
    expect(quote.states[now]?.description).not.toBe('');
    const pick = (label: string, guard: string | null) => {
      const found = choices(quote, now).find(({ transition: t }) => t.label === label && t.guard === guard);
      expect(found, `${label} [${guard}] from ${now}`).toBeDefined();
      now = step(quote, now, found!.transition);
    };
    pick('refund.requestQuote', null);
    expect(now).toBe('quoting');
    pick('fetchQuote done', 'isRequestable');
    expect(now).toBe('toRefundPage');
  });
});

describe('the gallery server', () => {
  let gallery: Awaited<ReturnType<typeof startGallery>>;
  beforeAll(async () => {
    gallery = await startGallery();
  });
  afterAll(async () => {
    await new Promise((resolve) => gallery?.server.close(resolve));
  });

  it('lists every flow with its diagram, serves each flow page with its model, and 404s the rest', async () => {
    const index = await (await fetch(gallery.url)).text();
    expect(index).toContain('href="/flow/refund-quote"');
    expect(index).toContain('src="/svg/login.svg"');
    // Each card: the flow's name, its state and transition counts; a filter box above them.
    const counts = flowCounts(flowModel('refund-quote', refundQuoteMachine));
    expect(counts.states).toBeGreaterThan(3);
    expect(index).toContain(
      `<strong class="name">refund-quote</strong> <span class="counts">${counts.states} states · ${counts.transitions} transitions</span>`,
    );
    // The crop starts at the diagram's start state, at its drawn width.
    const crop = svgCrop(
      '<svg viewBox="-8 0 900 400" style="max-width: 900.4px;"><g id="state-root_start-0" transform="translate(412, 15)">',
    );
    expect(crop).toEqual({ width: 900, startX: 420 });
    // ELK's drawing puts another attribute between the start node's id and its position.
    expect(
      svgCrop(
        '<svg viewBox="4 4 900 400" style="max-width: 900px;"><g class="node default" id="state-root_start-0" data-look="classic" transform="translate(412, 15)">',
      ),
    ).toEqual({ width: 900, startX: 408 });
    expect(index).toMatch(/style="width: \d+px; margin-left: calc\(50% - \d+px\)"/);
    expect(index).toMatch(/<label for="filter">[^<]+<\/label><br><input id="filter" type="search"/);
    const page = await (await fetch(`${gallery.url}flow/refund-quote`)).text();
    expect(page).toContain('<svg');
    expect(page).toContain('"machineId":"refundQuote"');
    expect(page).toContain("from '/stepper.mjs'");
    // Every state with its one-line description, as the chart (and the Stately JSON) has it.
    const model = flowModel('refund-quote', refundQuoteMachine);
    for (const state of Object.values(model.states).filter((s) => s.path !== ''))
      expect(page).toContain(
        `<dt><code>${state.path}</code></dt><dd>${state.description.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</dd>`,
      );
    const stepper = await fetch(`${gallery.url}stepper.mjs`);
    expect(stepper.headers.get('content-type')).toContain('text/javascript');
    expect((await fetch(`${gallery.url}svg/login.svg`)).headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${gallery.url}flow/nope`)).status).toBe(404);
    expect((await fetch(`${gallery.url}flow/..%2Fpackage`)).status).toBe(404);
  });
});
