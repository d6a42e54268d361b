import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { addressesApi } from './api/addresses.ts';
import { authApi } from './api/auth.ts';
import { bookingActionsApi } from './api/booking-actions.ts';
import { bookingApi } from './api/booking.ts';
import { bookingsListApi } from './api/bookings-list.ts';
import { cardsApi } from './api/cards.ts';
import { changeOfJourneyApi } from './api/change-of-journey.ts';
import { journeyChangeApi } from './api/journey-change.ts';
import { delayRepayApi } from './api/delay-repay.ts';
import { consentsApi } from './api/consents.ts';
import { customerProfileApi } from './api/customer-profile.ts';
import { findBookingApi } from './api/find-booking.ts';
import { guestOrdersApi } from './api/guest-orders.ts';
import { oidcApi } from './api/oidc.ts';
import { insuranceApi } from './api/insurance.ts';
import { passengerAssistanceApi } from './api/passenger-assistance.ts';
import { partialRefundsApi } from './api/partial-refunds.ts';
import { passengersApi } from './api/passengers.ts';
import { signInLinkApi } from './api/sign-in-link.ts';
import { passwordApi } from './api/password.ts';
import { railcardsApi } from './api/railcards.ts';
import { refundCardsApi } from './api/refund-cards.ts';
import { refundQuoteApi } from './api/refund-quote.ts';
import { refundRequestApi } from './api/refund-request.ts';
import { seasonRenewalsApi } from './api/season-renewals.ts';
import { smartcardsApi } from './api/smartcards.ts';
import { calendarFeedApi } from './api/calendar-feed.ts';
import { yourDataApi } from './api/your-data.ts';
import { timetableApi } from './api/timetable.ts';
import { userFlowAccessApi } from './api/user-flow-access.ts';
import type { Db } from './db.ts';
import { graphqlRoutes } from './graphql.ts';
import { identify } from './lib/access.ts';
import type { AppDeps, AppEnv } from './lib/app-env.ts';
import { createClock, type Clock } from './lib/clock.ts';
import { csrfProtection, loadCsrfSecret } from './lib/csrf.ts';
import { ApiError, errorBody, Refusal } from './lib/errors.ts';
import { idempotency } from './lib/idempotency.ts';
import { knownPaths } from './known-paths.gen.ts';
import { createKnownRoutes } from './lib/known-routes.ts';
import { hostGuard } from './lib/host-guard.ts';
import { printable, rejectNul } from './lib/nul-guard.ts';
import { warmUpDummyHash } from './lib/passwords.ts';
import type { OidcProviderConfig } from './lib/oidc-config.ts';
import { DEFAULT_PUBLIC_ORIGIN } from './lib/public-origin.ts';
import { resolvePageData, type PageDataOverrides } from './lib/page-data.ts';
import { outboxRoutes } from './lib/outbox.ts';
import { specCallFor, specShape, type ApiShape } from './lib/spec-shape.ts';
import { shellRoutes } from './shell.ts';
import { answerSwitch, createTestState, hangSwitch, testApiRoutes, testSwitchRoutes } from './test-switches.ts';

export type CreateAppOptions = {
  db: Db;
  /** Folder holding the built index.html and assets/ (normally dist/). */
  distDir: string;
  /** Mount the /__test switches. Tests only; `npm start` never sets it. */
  testSwitches?: boolean;
  /** Page data overrides (portal, currency, features) over the defaults. */
  pageData?: PageDataOverrides;
  clock?: Clock;
  /** Where operational lines go (reset links); stdout by default. */
  log?: (line: string) => void;
  /** Origin of links sent by email (PUBLIC_ORIGIN); default http://127.0.0.1:5173, the origin `npm start` prints. */
  publicOrigin?: string;
  /**
   * The app's route paths, used to answer 200 vs 404. Default: the list generated at build time
   * from the route tree (server/known-paths.gen.ts); null = every /my-account path is known.
   */
  knownPaths?: readonly string[] | null;
  /**
   * The server sits behind proxies it trusts (true = one, or how many): read the client address for
   * rate limits from the entry they appended to X-Forwarded-For instead of the socket, and HTTPS from
   * X-Forwarded-Proto (decision 300). Off by default; TRUST_PROXY=N for npm start.
   */
  trustProxy?: boolean | number;
  /** Folder for the outbox's .eml files (npm start: DATA_DIR/outbox); default none (table only). */
  outboxDir?: string | null;
  /** Mount the dev outbox page /__outbox; default on unless NODE_ENV=production (server/lib/outbox.ts). */
  outboxPage?: boolean;
  /** OpenID Connect providers customers may sign in with (decision 360); none by default. */
  oidcProviders?: readonly OidcProviderConfig[];
  /**
   * Which answers the API gives (API_SHAPE, decision 340): `full` (default) the local server's own;
   * `spec` and `spec-nulls` only the fields docs/product/entities.md and docs/product/api.md name (absent, or null, where they do
   * not apply), and 404 to every call docs/product/api.md does not list.
   */
  apiShape?: ApiShape;
};

export const CONVERSATION_HEADER = 'x-conversationid';
const API_BASE = '/my-account/api';
const MAX_BODY_BYTES = 100 * 1024;

const isApiPath = (path: string) => path === API_BASE || path.startsWith(`${API_BASE}/`) || path === '/graphql';

/**
 * API answers carry personal data: never stored by a browser or proxy, never sniffed as another type
 * (the HTML shell sets the same, server/shell.ts). Set after the handler, errors included.
 */
const apiHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};

const conversationId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = randomUUID();
  c.set('conversationId', id);
  await next();
  c.header(CONVERSATION_HEADER, id);
};

export async function createApp(opts: CreateAppOptions): Promise<Hono<AppEnv>> {
  const { db, distDir } = opts;
  const clock = opts.clock ?? createClock();
  const csrfSecret = await loadCsrfSecret(db);
  void warmUpDummyHash(); // so the first unknown-email login costs the same as the others
  const testState = opts.testSwitches ? createTestState() : null;
  const deps: AppDeps = {
    db,
    clock,
    log: opts.log ?? ((line) => console.log(line)),
    publicOrigin: opts.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN,
    testHooks: testState?.hooks ?? null,
    feature: (name) => resolvePageData('', opts.pageData, testState?.pageData).features[name] !== false,
    portal: () => resolvePageData('', opts.pageData, testState?.pageData).portal,
    trustProxy: opts.trustProxy ?? false,
    outboxDir: opts.outboxDir ?? null,
  };
  const oidcProviders = opts.oidcProviders ?? [];
  const apiShape = opts.apiShape ?? 'full';
  // The login page shows a button for these only (page data; absent means none): the providers whose
  // start the API serves, so a spec-shaped API (no /oidc calls) offers none (decision 571).
  const signInProviders = oidcProviders
    .map((p) => p.id)
    .filter((id) => apiShape === 'full' || specCallFor('GET', `/oidc/${id}/start`) !== null);
  const isKnown = createKnownRoutes(opts.knownPaths !== undefined ? opts.knownPaths : knownPaths);

  const app = new Hono<AppEnv>();
  // Only this server's own names are answered (421 otherwise): no DNS-rebound page reads it (decision 565).
  app.use('*', hostGuard(deps.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('customer', null);
    c.set('guest', null);
    await next();
  });
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body is never read, so the connection cannot carry another request: say so
    // (Connection: close) instead of promising keep-alive and then closing under a pooled client.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(errorBody('PAYLOAD_TOO_LARGE'), 413);
    },
  });
  // hono's bodyLimit rebuilds the Request when there is no Content-Length, which fails on
  // @hono/node-server for a request with no body at all (e.g. DELETE): only limit real bodies.
  const limitRealBodies: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined
      ? next()
      : limitBody(c, next);
  // Every route, the shell's included: bodies limited, then no NUL anywhere (400 before any handler).
  app.use('*', limitRealBodies, rejectNul);
  const apiMiddleware = [apiHeaders, conversationId, csrfProtection(() => csrfSecret), identify] as const;
  // Spec-shape modes: unlisted calls end here with a 404 (before the CSRF check or any handler runs).
  if (apiShape !== 'full')
    app.use(
      `${API_BASE}/*`,
      apiHeaders,
      specShape(apiShape, API_BASE, (path) => path.startsWith('/__test/')),
    );
  app.use(`${API_BASE}/*`, ...apiMiddleware); // also matches API_BASE itself
  if (testState) app.use(`${API_BASE}/*`, hangSwitch(testState, API_BASE), answerSwitch(testState, API_BASE));
  // The money-moving calls answer a repeated Idempotency-Key with their first answer (decision 310).
  for (const path of [
    '/change-of-journey/pay/*',
    '/refund-quote/*',
    '/claim/*',
    '/flexible-insurance/*',
    '/customer/passenger-assistance/*',
  ]) {
    app.use(`${API_BASE}${path}`, idempotency);
  }
  app.use('/graphql', ...apiMiddleware);

  // API areas under /my-account/api: one line per area.
  const api = new Hono<AppEnv>();
  api.route('/', authApi());
  api.route('/', oidcApi({ providers: oidcProviders })); // sign-in with Google, Facebook, Apple (decision 360)
  api.route('/', passwordApi());
  api.route('/', signInLinkApi()); // emailed sign-in links past the wrong-password slowdown (decision 400)
  api.route('/', userFlowAccessApi());
  api.route('/', customerProfileApi()); // personal details, change email, order count, account summary
  api.route('/', bookingActionsApi()); // check-in, resend email, on-demand tickets
  api.route('/', bookingsListApi());
  api.route('/', findBookingApi());
  api.route('/', guestOrdersApi());
  api.route('/', bookingApi()); // GET /booking/{uuid} only: /booking/token etc. are not swallowed
  api.route('/', timetableApi());
  api.route('/', changeOfJourneyApi()); // changeability and the status of an exchange
  api.route('/', journeyChangeApi()); // change a journey: trains, quote, payment (decision 600)
  api.route('/', refundQuoteApi());
  api.route('/', refundRequestApi());
  api.route('/', partialRefundsApi());
  api.route('/', refundCardsApi()); // a refund card's token after a declined card
  api.route('/', consentsApi());
  api.route('/', passengersApi());
  api.route('/', railcardsApi());
  api.route('/', addressesApi());
  api.route('/', cardsApi());
  api.route('/', seasonRenewalsApi());
  api.route('/', smartcardsApi());
  api.route('/', delayRepayApi()); // Delay Repay: claim-token, claim/{claimId}
  api.route('/', insuranceApi()); // flexible insurance eligibility and claim
  api.route('/', passengerAssistanceApi());
  api.route('/', calendarFeedApi()); // the private calendar feed (decision 191)
  api.route('/', yourDataApi()); // download your data, close your account (decisions 610, 611)
  if (testState) api.route('/', testApiRoutes());
  api.all('*', (c) => c.json(errorBody('NOT_FOUND'), 404));
  app.route(API_BASE, api);

  app.route('/graphql', graphqlRoutes(testState?.graphqlFailures ?? null));
  if (testState) app.route('/__test', testSwitchRoutes(testState, { db, clock }));
  if (opts.outboxPage ?? process.env.NODE_ENV !== 'production') app.route('/', outboxRoutes());

  app.route(
    '/',
    shellRoutes({
      distDir,
      isKnown,
      csrfSecret,
      pageData: (token) => ({
        ...resolvePageData(token, opts.pageData, testState?.pageData),
        ...(signInProviders.length > 0 ? { signInProviders } : {}),
      }),
      ...(testState ? { rawPageData: () => testState.rawPageData } : {}),
    }),
  );

  app.notFound((c) => (isApiPath(c.req.path) ? c.json(errorBody('NOT_FOUND'), 404) : c.text('Not Found', 404)));

  app.onError((err, c) => {
    if (err instanceof Refusal) return c.json({ errors: [{ code: err.code }], detail: err.detail }, err.status);
    if (err instanceof ApiError) {
      return c.json(errorBody(err.code, err.message === err.code ? undefined : err.message), err.status);
    }
    if (err instanceof HTTPException) return err.getResponse();
    console.error(`[server] ${c.req.method} ${printable(c.req.path)} failed:`, err);
    return isApiPath(c.req.path) ? c.json(errorBody('INTERNAL_ERROR'), 500) : c.text('Internal Server Error', 500);
  });

  return app;
}
