/** Page data injected into the app shell (docs/product/hosting.md "Page data"). */

export const PORTALS = [
  'Leisure',
  'CrossCountry',
  'WestMidlandsRailway',
  'NorthernRailway',
  'LondonNorthwesternRailway',
  'ScotRail',
  'GreaterAnglia',
  'BrandedBusinessTravel',
  'TrainHugger',
  '{product}',
] as const;

export const FEATURE_FLAGS = [
  'passengers-and-railcards',
  'change-email',
  'on-demand-tickets',
  'enable-passenger-assistance',
  'refund-ineligibility-enhanced-view',
] as const;

export type PageData = {
  portal: string;
  currency: string;
  csrfToken: string;
  features: Record<string, boolean>;
  /** The OpenID Connect providers the login page offers (decision 360); absent: none. */
  signInProviders?: string[];
};

/** What hosts, env and tests may override (the CSRF token always comes from the cookie). */
export type PageDataOverrides = {
  portal?: string;
  currency?: string;
  /** Merged over the defaults (every flag on). */
  features?: Record<string, boolean>;
};

export function defaultFeatures(): Record<string, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true]));
}

/** Layers overrides (later wins) over the defaults: portal Leisure, GBP, every flag on. */
export function resolvePageData(csrfToken: string, ...layers: (PageDataOverrides | undefined)[]): PageData {
  const data: PageData = { portal: 'Leisure', currency: 'GBP', csrfToken, features: defaultFeatures() };
  for (const layer of layers) {
    if (!layer) continue;
    if (layer.portal !== undefined) data.portal = layer.portal;
    if (layer.currency !== undefined) data.currency = layer.currency;
    if (layer.features) data.features = { ...data.features, ...layer.features };
  }
  return data;
}

/** Reads PORTAL, CURRENCY and FEATURES (a JSON object of flag -> boolean) from the environment. */
export function pageDataFromEnv(
  env: Record<string, string | undefined>,
  warn: (message: string) => void = console.warn,
): PageDataOverrides {
  const overrides: PageDataOverrides = {};
  if (env.PORTAL) {
    if (!(PORTALS as readonly string[]).includes(env.PORTAL)) {
      warn(`PORTAL=${env.PORTAL} is not a known portal; the app will fall back to Leisure.`);
    }
    overrides.portal = env.PORTAL;
  }
  if (env.CURRENCY) overrides.currency = env.CURRENCY;
  if (env.FEATURES) {
    try {
      const parsed: unknown = JSON.parse(env.FEATURES);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
      const features: Record<string, boolean> = {};
      for (const [flag, value] of Object.entries(parsed)) {
        if (typeof value === 'boolean') features[flag] = value;
        else warn(`FEATURES: flag ${flag} is not a boolean; ignored.`);
      }
      overrides.features = features;
    } catch (err) {
      warn(`FEATURES is not a JSON object of booleans (${String(err)}); using the defaults.`);
    }
  }
  return overrides;
}

/** JSON safe to embed in a <script> element: `<`, `>`, `&`, U+2028 and U+2029 are \u-escaped. */
export function serializePageData(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function pageDataElement(json: string): string {
  return `<script type="application/json" id="page-data">${json}</script>`;
}

/** Inserts `element` into <head> before its first <script> (the app's module script), else before </head>. */
export function injectIntoHead(html: string, element: string): string {
  const headEnd = html.search(/<\/head>/i);
  const firstScript = html.search(/<script\b/i);
  const at = firstScript !== -1 && (headEnd === -1 || firstScript < headEnd) ? firstScript : headEnd;
  if (at === -1) return element + html;
  return html.slice(0, at) + element + html.slice(at);
}
