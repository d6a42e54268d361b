/**
 * `npm run charts` (second step): renders each docs/flows/<flow>.md Mermaid statechart to
 * docs/flows/<flow>.svg in the project's own Chromium (Debian's, driven by playwright-core), with
 * Mermaid loaded from node_modules: no network. Each SVG records the SHA-256 of the Mermaid source
 * it was drawn from, so test/model/charts.test.ts can tell, without a browser, that a committed
 * diagram still matches its flow (decision 474). Laid out by ELK, and byte-identical from run to run
 * for the same source (decision 650), so a regeneration changes only the diagrams whose flow changed.
 *
 *   node --import tsx scripts/diagrams.ts [flowsDir]     (default: docs/flows)
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '#test/e2e/browser.ts';
// Mermaid is installed in tools/charts/ (decisions 135, 745): `npm run charts` runs scripts/tools.mjs first.
import { chartToolsDir, chartToolsRequire } from '#scripts/tools.mjs';
import { edgeCrossings } from '#scripts/lib/edge-crossings';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * ELK's layered layout (decision 650): network-simplex node placement drew the refund request chart
 * narrowest (3,495 px against 4,769 px for the default) with the fewest edge crossings we measured.
 * Three ways of breaking the chart's cycles are tried for every chart, and the drawing with fewest
 * edge crossings is kept (the first on a tie), decision 746: ELK's default (greedy) suits most
 * charts; depth-first suits the long ones with a hub, such as the refund request (20 crossings
 * against 2), where it lays the states out in the order a customer goes through them; model order
 * (the order the machine lists its states) keeps a start and a loading that choose among the same
 * outcomes above those outcomes (the data export drew 7 crossings with it, against 15, before it
 * sorted its answers in one state), and draws the refund request with 1.
 */
const ELK_LAYOUTS = [
  { nodePlacementStrategy: 'NETWORK_SIMPLEX' },
  { nodePlacementStrategy: 'NETWORK_SIMPLEX', cycleBreakingStrategy: 'DEPTH_FIRST' },
  { nodePlacementStrategy: 'NETWORK_SIMPLEX', cycleBreakingStrategy: 'MODEL_ORDER' },
];

/** The Mermaid source of a flow page (the first ```mermaid block), or null. */
export function mermaidSource(markdown: string): string | null {
  const match = /```mermaid\n([\s\S]*?)```/.exec(markdown);
  return match?.[1] ?? null;
}

export const sourceHash = (source: string): string => createHash('sha256').update(source).digest('hex');

/** The hash an SVG written by this script records, or null. */
export function recordedHash(svg: string): string | null {
  return /<desc id="mermaid-source">sha256:([0-9a-f]{64})<\/desc>/.exec(svg)?.[1] ?? null;
}

/** Adds the title, the source hash and a white background; drops Mermaid's random-looking ids. */
function finish(svg: string, flow: string, hash: string): string {
  return `${svg
    .replace(
      /^<svg([^>]*)>/,
      (_m, attrs: string) =>
        `<svg${attrs}><title>${flow} statechart</title><desc id="mermaid-source">sha256:${hash}</desc><rect width="100%" height="100%" fill="#ffffff"/>`,
    )
    .trim()}\n`;
}

async function main(): Promise<void> {
  const [flowsDir = 'docs/flows'] = process.argv.slice(2);
  const dir = path.resolve(repo, flowsDir);
  const pages = (await readdir(dir))
    .filter((f) => f.endsWith('.md') && !f.endsWith('.files.md') && f !== 'README.md')
    .sort();
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    // Mermaid and its ELK layout (decision 650) served from tools/node_modules under a made-up
    // origin: the ELK build is ES modules that import their chunks, which a page set from a string
    // cannot resolve. Nothing leaves the machine.
    const origin = 'http://diagrams.invalid';
    const elkDist = path.join(chartToolsDir, 'node_modules/@mermaid-js/layout-elk/dist');
    await page.route(`${origin}/**`, async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === '/')
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body></body></html>' });
      if (pathname === '/mermaid.min.js')
        return route.fulfill({
          contentType: 'text/javascript',
          path: chartToolsRequire.resolve('mermaid/dist/mermaid.min.js'),
        });
      const file = path.join(elkDist, pathname.replace(/^\/elk\//, ''));
      if (pathname.startsWith('/elk/') && file.startsWith(elkDist))
        return route.fulfill({ contentType: 'text/javascript', path: file });
      return route.fulfill({ status: 404 });
    });
    await page.goto(`${origin}/`);
    await page.addScriptTag({ url: `${origin}/mermaid.min.js` });
    await page.addScriptTag({
      type: 'module',
      content: `import elk from '${origin}/elk/mermaid-layout-elk.esm.min.mjs'; window.mermaid.registerLayoutLoaders(elk); window.elkLoaded = true;`,
    });
    await page.waitForFunction(() => (window as unknown as { elkLoaded?: boolean }).elkLoaded === true);
    await page.evaluate(() => {
      const w = window as unknown as {
        mermaid: { initialize: (c: object) => void };
        useLayout?: (elk: object) => void;
      };
      // Plain SVG text (no HTML in foreignObject), so the files open in any viewer. The same
      // source gives the same bytes: ids from the diagram's name, and the node shapes' random
      // roughness seeded. ELK's layered layout keeps edges from crossing where it can.
      w.useLayout = (elk) =>
        w.mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          theme: 'neutral',
          htmlLabels: false,
          deterministicIds: true,
          handDrawnSeed: 1,
          layout: 'elk',
          elk,
          state: { htmlLabels: false },
        });
    });
    let written = 0;
    for (const file of pages) {
      const flow = file.slice(0, -3);
      const source = mermaidSource(await readFile(path.join(dir, file), 'utf8'));
      if (!source) continue;
      let svg = '';
      let fewest = Number.POSITIVE_INFINITY;
      for (const layout of ELK_LAYOUTS) {
        const drawn = await page.evaluate(
          async ([id, text, elk]) => {
            const w = window as unknown as {
              mermaid: { render: (id: string, text: string) => Promise<{ svg: string }> };
              useLayout: (elk: object) => void;
            };
            w.useLayout(elk);
            return (await w.mermaid.render(id, text)).svg;
          },
          [flow.replace(/[^a-z0-9]/gi, '-'), source, layout] as const,
        );
        const crossings = edgeCrossings(drawn);
        if (crossings < fewest) [svg, fewest] = [drawn, crossings];
      }
      await writeFile(path.join(dir, `${flow}.svg`), finish(svg, flow, sourceHash(source)));
      written += 1;
    }
    console.log(`wrote ${written} diagrams to ${path.relative(repo, dir)}/`);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
