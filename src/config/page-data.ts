import * as v from 'valibot';
import { isSignInProvider, type SignInProvider } from '#src/schemas/auth';
import { isPortal, type Portal } from './portals';
import { defaultFeatures, featureNames, type Features } from './features';

/** docs/product/hosting.md "Page data": every field optional, defaults applied here. */
const PageDataSchema = v.object({
  portal: v.optional(v.string()),
  currency: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))),
  csrfToken: v.optional(v.string()),
  features: v.optional(v.record(v.string(), v.boolean())),
  /** Read leniently: a host's odd value here must not cost the rest of the page data. */
  signInProviders: v.optional(v.unknown()),
});

export interface PageData {
  portal: Portal;
  currency: string;
  csrfToken: string | null;
  features: Features;
  /** Providers the login page offers a button for (decision 360); none unless the host says. */
  signInProviders: readonly SignInProvider[];
}

export const defaultPageData: PageData = {
  portal: 'Leisure',
  currency: 'GBP',
  csrfToken: null,
  features: defaultFeatures,
  signInProviders: [],
};

interface Logger {
  warn: (msg: string) => void;
}

/** Parses the JSON text of the page-data element. Never throws: bad input gives defaults and one log line. */
export const parsePageData = (text: string | null, log: Logger = console): PageData => {
  if (text === null) return defaultPageData;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    log.warn('page-data: malformed JSON, using defaults');
    return defaultPageData;
  }
  const parsed = v.safeParse(PageDataSchema, raw);
  if (!parsed.success) {
    log.warn('page-data: unexpected shape, using defaults');
    return defaultPageData;
  }
  const data = parsed.output;
  let portal: Portal = 'Leisure';
  if (data.portal !== undefined) {
    if (isPortal(data.portal)) portal = data.portal;
    else log.warn(`page-data: unknown portal "${data.portal}", falling back to Leisure`);
  }
  const features = { ...defaultFeatures };
  for (const name of featureNames) {
    const value = data.features?.[name];
    if (typeof value === 'boolean') features[name] = value;
  }
  const signInProviders = Array.isArray(data.signInProviders)
    ? [...new Set(data.signInProviders.filter(isSignInProvider))]
    : [];
  return { portal, currency: data.currency ?? 'GBP', csrfToken: data.csrfToken ?? null, features, signInProviders };
};

export const pageDataReadAttempts = 4;
export const pageDataWaitStepMs = 50;

/**
 * Reads `<script id="page-data">` up to 4 times with growing 50 ms waits (docs/product/constants.md),
 * then falls back to defaults.
 */
export const readPageData = async (
  doc: Pick<Document, 'getElementById'> = document,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  log: Logger = console,
): Promise<PageData> => {
  for (let attempt = 0; attempt < pageDataReadAttempts; attempt++) {
    const el = doc.getElementById('page-data');
    if (el) return parsePageData(el.textContent ?? '', log);
    if (attempt < pageDataReadAttempts - 1) await sleep(pageDataWaitStepMs * (attempt + 1));
  }
  return defaultPageData;
};
