import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { devPageData } from './scripts/vite-dev-page-data.ts';
import { knownPaths } from './scripts/known-paths.ts';
import { compressAssets } from './scripts/compress-assets.ts';
import { inspectInDev } from './scripts/vite-inspect.ts';
import { localeBundles } from './scripts/locale-bundles.ts';
import { stripChartDescriptions } from './scripts/strip-chart-descriptions.ts';
import { SERVICE_WORKER_MODULES, serviceWorker } from './scripts/service-worker.ts';
import { accountSummaryPath, apiBase, bookingPath, bookingsListPath, firstListRoutes } from './src/api/paths.ts';
import { requestTimeoutMs } from './src/config/timeouts.ts';

/** The chunk every route shares (decision 240); it keeps its name in the output (decision 242). */
const FRAMEWORK_CHUNK = 'framework';

/**
 * The bookings lists' own code, one chunk for the lists' routes (decision 249): their layout, the
 * upcoming, past and season tabs and the bookings index, the screen, its cards and store, the
 * lists' machine and their words (src/copy). Not the guest tab, whose component also brings the guest-booking
 * form; not the lists' stylesheet classes or API, which the guest's order-token page uses too; nothing
 * they import (`includeDependenciesRecursively: false`), which the booking and other screens share.
 */
const BOOKINGS_LISTS = [
  /[\\/]routes[\\/]_account\._bookings\.(tsx|bookings\.(index|upcoming|past|season)\.tsx)/,
  /[\\/]routes[\\/]-components[\\/]bookings-list[\\/](bookings-screen|booking-card|imported-message|bookings-store)\.tsx/,
  // The lists' binding (src/flow.tsx): imports the chart and is imported by the store, so with them.
  /[\\/]routes[\\/]-components[\\/]bookings-list[\\/]bookings-list\.flow\.ts/,
  /[\\/]machines[\\/]bookings-list\.ts/,
  // The lists' words (the chart names outcomes; its screen words them): with the messages they call,
  // else a chunk of their own would import the lists' chunk and be imported by it.
  /[\\/]src[\\/]copy[\\/]bookings-list\.ts/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/]bookings_list_(?!guest_association_|token_bookings_page_)/,
];

/**
 * The form kit every form screen uses, one chunk (decision 249): the form machines' helpers, the
 * text and checkbox fields and their classes, field binding and state, the shared field schemas and
 * their messages. As small files of their own they were two more requests on sign-in. Not the
 * form layout's classes (`form.css.ts`), which screens without a field use too.
 */
const FORM_KIT = [
  /[\\/]machines[\\/]lib[\\/]form-kit\.ts/,
  /[\\/]src[\\/]ui[\\/](field-binding|text-field|checkbox-field|form-state|field\.css|field-error|submit-hint|error-summary|error-summary\.css)\.tsx?/,
  /[\\/]src[\\/]schemas[\\/]forms\.ts/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](form_(email|first_name|last_name|password)_|ui_submit_hint_|ui_error_summary_)/,
  // The name rule the shared field schemas import, and the throttle's words: every screen that
  // imports either uses the kit, sign-in and a booking included (decision 861).
  /[\\/]src[\\/](schemas[\\/]name-rule|copy[\\/]throttle)\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/]throttle_/,
];

/**
 * The lists' classes and API: the lists, the guest tab and the guest's order-token page use both (decision 249).
 * With them the refund line and the booking facts it reads, which the lists and a booking show too: one
 * file instead of two on the first route (decision 540).
 */
const BOOKINGS_LISTS_SHARED = [
  /[\\/](routes[\\/]-components[\\/]bookings-list[\\/]bookings-list\.css\.ts|src[\\/]api[\\/]bookings-list\.ts)$/,
  /[\\/](routes[\\/]-components[\\/]refunds[\\/]refund-tracking\.tsx|machines[\\/]lib[\\/]booking-lifecycle-facts\.ts)$/,
  // The refund line's loader of the contact block (a rejected refund): the block itself loads on demand.
  /[\\/]routes[\\/]-components[\\/]contact-details-lazy\.tsx$/,
  // The tabs' route loader (decision 730), imported on demand from the route tree: with the API it
  // calls, not a file of its own on the first route.
  /[\\/]routes[\\/]-components[\\/]bookings-list[\\/]load-first-page\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](refund_tracking_|server_words_(tickets_not_received|card_account_closed))/,
];

/**
 * The date, money and rich-text formatting and the journey names: every booking screen uses them, the
 * bookings lists included. One file instead of three on the first route (each was under 1 KiB, and
 * a request costs its headers on the wire).
 */
const FORMATTING = [
  /[\\/](src[\\/]i18n[\\/](format\.ts|rich\.tsx)|routes[\\/]-components[\\/]journey-name\.ts)$/,
  // The account pages' layout (its menu, language picker and offline banner, and their copy) uses the
  // formatting, and every account page loads both: one file instead of two (decision 540).
  /[\\/]routes[\\/](_account\.tsx\?tsr-split=component$|-components[\\/](account-nav|language-picker|offline-banner)\.tsx$)/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](account_nav_|offline_(last_updated|no_connection)|route_account_|route_we_couldnt_load_your_account)/,
];

/**
 * A booking's own code, one chunk (decision 860): the detail's screen and sections, its actions
 * (resend, on-demand ticket, insurance claim), the refund and Delay Repay words and rules its money-back
 * sections show, and their words. Left to the bundler they were about 25 files, each a request on a
 * booking opened first: on a phone's network the page waited for them in turns. Only the booking's
 * screens share them (its history, refund, change, check-in, assistance and claim pages load the
 * chunk too); what pages outside a booking use (load errors, passenger fields, contact details,
 * saved cards) stays out, and so does the route's loader (`load-booking.ts`), so that its next
 * calls leave before this chunk has arrived.
 */
const BOOKING_DETAIL = [
  /[\\/]routes[\\/]_account\.bookings\.\$bookingId\.index\.tsx\?tsr-split=component$/,
  // Not the history's loader, which the history routes import on demand (decision 871).
  /[\\/]routes[\\/]-components[\\/]booking-detail[\\/](?!load-booking|load-history|booking-history|history-search)[\w.-]+\.tsx?(\.vanilla\.css)?$/,
  /[\\/]routes[\\/]-components[\\/]booking-actions(\.tsx|\.css\.ts(\.vanilla\.css)?|[\\/](?!check-in)[\w.-]+\.tsx?)$/,
  /[\\/]routes[\\/]-components[\\/]insurance[\\/](insurance-words|insurance-claim\.flow|insurance-claim-section)\.tsx?$/,
  /[\\/]routes[\\/]-components[\\/]refunds[\\/](refund-quote\.flow|refund-quote|refund-status|refund-copy|refunds\.css)\.tsx?(\.vanilla\.css)?$/,
  /[\\/]routes[\\/]-components[\\/](booking-lifecycle\.tsx|booking-links\.ts|server-words\.ts|lost-answer\.ts|delay-repay[\\/]delay-repay-copy\.ts)$/,
  // The booking's "contact us to change it" block, which its change pages show too on a host without the change calls (decision 863).
  /[\\/]routes[\\/]-components[\\/]change-by-contact\.tsx$/,
  /[\\/]machines[\\/](booking-detail|edit-passengers|on-demand-ticket|resend-email|calling-points|insurance-claim|booking-lifecycle|refund-quote|submit-with-lost-answer)\.ts$/,
  /[\\/]machines[\\/]lib[\\/](refund-rules|attempt-key|lost-answer)\.ts$/,
  /[\\/]src[\\/]copy[\\/](edit-passengers|on-demand-ticket|resend-email|refund-quote)\.ts$/,
  /[\\/]src[\\/](documents[\\/](ticket-facts|save-file|vat)|calendar[\\/]ics)\.ts$/,
  /[\\/]src[\\/]api[\\/](insurance|refunds|idempotency|booking-actions|booking)\.ts$/,
  // The UK clock: a booking's calendar file reads it, and its other readers (a season's start date,
  // the change of journey, the refund card form) load this chunk anyway (decision 871).
  /[\\/]src[\\/]schemas[\\/](refund-assistances|refunds|booking-actions|uk-time)\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](booking_detail_(?!booking_history_screen_)|booking_actions_(?!check_in_screen_)|insurance_claim_|on_demand_|booking_add_|edit_passengers_|resend_email_|refund_(entry|quote|status|copy)_|lifecycle_refusal_|server_words_(?!tickets_not_received|card_account_closed))/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](journey_change_(contact_retailer|entry_link)|refund_screen_(confirm_line|refund_heading)|season_start_entry_link)\.js$/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/]delay_repay_(copy_|account_number|delay_(invalid|required)|direction|payment_type|problem|refusal_(expired|not_|no_return|punchout)|sort_code|unprocessable)/,
];

/**
 * What a booking's own code imports that a few other screens use too, one chunk (decision 861): the
 * season renewal, the booking's wording of journeys and changes, the contact block, the server's
 * field refusals, the passengers', cards' and control-character schemas and the needs-a-connection
 * notice. As files of their own they were nine requests on a booking opened first, which a phone's
 * HTTP/1.1 connections (six) fetched in turns. The screens that share them (payment methods,
 * smartcards, the passenger and assistance forms, a booking's other pages) load this one file
 * instead of their part of it; sign-in, the bookings lists and the overview load none of it.
 */
const BOOKING_SHARED = [
  /[\\/]routes[\\/]-components[\\/](season-renewal(\.flow)?\.tsx?|season-renewal\.css\.ts(\.vanilla\.css)?|booking-format\.ts|contact-details\.tsx|needs-connection\.tsx)$/,
  // The radio group (decision 865): the claim, change and address forms use it, each of which loads
  // this chunk already; as a file of its own it was one more name in every route's preload list.
  /[\\/]src[\\/]ui[\\/]radio-group(\.tsx|\.css\.ts(\.vanilla\.css)?)$/,
  /[\\/]machines[\\/](season-renewal|lib[\\/]field-refusal)\.ts$/,
  /[\\/]src[\\/](copy[\\/](season-renewal|field-refusal)|schemas[\\/](season-renewals|passengers|control-characters|cards)|api[\\/](season-renewals|cards)|config[\\/](contact|retailer))\.ts$/,
  /[\\/]src[\\/]paraglide[\\/]messages[\\/](season_renewal_|booking_format_|contact_details_|field_refusal_|form_passengers_|offline_needs_connection)/,
  // A saved card's name, which the cards' part of this chunk shows (decision 871).
  /[\\/]src[\\/]paraglide[\\/]messages[\\/]payment_methods_page_saved_card\.js$/,
];

/**
 * A booking's data: its route's loader (with the changeability and calling-points inputs it builds),
 * and the booking's schema with the insurance and Delay Repay schemas it reads (decision 861). One
 * file instead of three, still apart from the booking's screen so that the loader's next calls leave
 * before the screen's chunk has arrived (decision 860).
 */
const BOOKING_DATA = [
  /[\\/]routes[\\/]-components[\\/]booking-detail[\\/]load-booking\.ts$/,
  /[\\/]machines[\\/]lib[\\/](changeability|calling-points)\.ts$/,
  /[\\/]src[\\/]schemas[\\/](booking|insurance|delay-repay)\.ts$/,
];

/**
 * A chunk of exactly the modules named (decision 249): code that always travels together, in one
 * file instead of several small ones. What they import is left out, as it is shared more widely.
 */
const namedModules = (name: string, priority: number, modules: readonly RegExp[]) => ({
  name,
  priority,
  test: (id: string) => modules.some((re) => re.test(id)),
  includeDependenciesRecursively: false,
});

/**
 * The chunks each chunk imports statically, directly or not: when a chunk runs, these are loaded
 * already, so the preload list of an import() in it need not name them again (decision 540).
 */
const staticImports = new Map<string, readonly string[]>();
const loadedWith = (file: string): Set<string> => {
  const seen = new Set<string>();
  const walk = (f: string) => {
    for (const next of staticImports.get(f) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      walk(next);
    }
  };
  walk(file);
  return seen;
};
const recordStaticImports = (): Plugin => ({
  name: 'record-static-imports',
  apply: 'build',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk') staticImports.set(file, output.imports);
    },
  },
});

/** The local API server `npm run dev` talks to (start it with `PORT=5174 npm start`). */
const devApiOrigin = 'http://127.0.0.1:5174';

export default defineConfig({
  base: '/my-account/',
  resolve: {
    // @xstate/react imports React 18's shim of useSyncExternalStore; React 19 has it built in, so
    // the shim is dead weight on every route. The package's own non-shim entry is the
    // documented one for React 18 and later.
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
    ],
  },
  plugins: [
    // The message catalogue (messages/*.json) compiles to typed functions in src/paraglide/ (decision 210):
    // on change in the dev server and Vitest; a build uses what `npm run build` compiled first
    // (scripts/i18n-compile.mjs), so it writes nothing into src/ and runs beside tsc (decision 136).
    ...[paraglideVitePlugin({ project: './project.inlang', outdir: './src/paraglide', strategy: ['baseLocale'] })]
      .flat()
      .map((plugin) => ({ ...plugin, apply: 'serve' as const })),
    tanstackRouter({
      target: 'react',
      routesDirectory: './routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
      quoteStyle: 'single',
    }),
    knownPaths(),
    // The charts' descriptions are for the diagrams and plans, read from the source (decision 801).
    stripChartDescriptions(),
    recordStaticImports(),
    react(),
    vanillaExtractPlugin(),
    devPageData(devApiOrigin),
    // One bundle per locale: each chunk with copy is written once per locale (decision 240). The
    // boot file links the code of the screens customers open first from the start (decision 245):
    // sign-in, the bookings lists, a booking (the confirmation email's link) and the account overview.
    localeBundles({
      firstRoutes: [
        'login',
        '_account._bookings.bookings.index',
        '_account._bookings.bookings.upcoming',
        '_account._bookings.bookings.past',
        '_account._bookings.bookings.season',
        '_account._bookings.bookings.guest',
        '_account.bookings.$bookingId.index',
        // The account overview: where a customer lands who opens "My account" (decision 870).
        '_account.account-overview',
      ],
      // The bookings lists' first page, the call their routes' loaders make (`firstListRoutes`,
      // docs/decisions/730): the boot file asks for it, and for the user, while the framework
      // downloads, and the loader's call takes its reply (decision 247;
      // test/e2e/locale-bundles.test.ts checks each is asked for once). A booking too (decision
      // 800): its loader's two next calls then go out as soon as the app runs.
      apiBase,
      timeoutMs: requestTimeoutMs,
      firstData: {
        ...Object.fromEntries(
          Object.entries(firstListRoutes).map(([route, filter]) => [route, `${bookingsListPath(filter)}?page=0`]),
        ),
        '_account.bookings.$bookingId.index': decodeURIComponent(bookingPath('$bookingId')),
        // The overview's summary (decision 870), beside the user, as on a booking.
        '_account.account-overview': accountSummaryPath,
      },
    }),
    // dist/sw.js: the app shell and what the customer last saw, readable offline (decision 250).
    serviceWorker(),
    compressAssets(),
    // `?inspect` in npm run dev connects every actor to Stately's inspector (decision 181).
    inspectInDev(),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    // No modulepreload polyfill in the entry (0.4 KiB on every route): browsers without
    // <link rel="modulepreload"> (Safari before 17) still load every module, only without the head start.
    modulePreload: {
      polyfill: false,
      // Every page has loaded the entry and the framework chunk before any import() runs: a preload
      // list that names them again only adds bytes to each chunk with a lazy import (decision 540).
      // Nor does it name the imported chunk itself, which the import() fetches at once (decision 545).
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter(
              (dep) => dep !== file && !/(^|\/)(index|framework)-[\w-]+\.js$/.test(dep) && !loadedWith(hostId).has(dep),
            ),
    },
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Named by hash alone (decision 242): the entry's preload map lists every chunk by path, and
        // long route names were most of its bytes. The shared framework chunk keeps its name. Seven
        // hash characters, not eight: the preload maps name dozens of chunks (decision 546).
        chunkFileNames: (chunk) => (chunk.name === FRAMEWORK_CHUNK ? 'assets/[name]-[hash].js' : 'assets/[hash:7].js'),
        codeSplitting: {
          // Decision 240: what every route needs in one shared chunk (no copy in it, so not per
          // locale), and the few dozen one-line messages shared across areas in one chunk, instead
          // of a file each. valibot and the rest of node_modules stay with the routes that use them.
          groups: [
            {
              name: FRAMEWORK_CHUNK,
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|ofetch|ufo|destr)[\\/]/,
              priority: 20,
            },
            // Decision 249: everything the entry imports statically is in the entry's own file. Every
            // route loads it (valibot, the locales, the shared copy the entry shows), and as files of
            // their own they were three more requests before the first screen. The group holds the
            // entry module itself, so it becomes the entry chunk.
            { name: 'app', test: (id: string) => !SERVICE_WORKER_MODULES.test(id), tags: ['$initial'], priority: 15 },
            namedModules('formatting', 12, FORMATTING),
            { name: 'common-copy', test: /[\\/]src[\\/]paraglide[\\/]messages[\\/]common_/, priority: 10 },
            namedModules('bookings-lists', 5, BOOKINGS_LISTS),
            namedModules('form-kit', 4, FORM_KIT),
            namedModules('bookings-lists-shared', 3, BOOKINGS_LISTS_SHARED),
            namedModules('booking-detail', 2, BOOKING_DETAIL),
            namedModules('booking-shared', 1, BOOKING_SHARED),
            namedModules('booking-data', 1, BOOKING_DATA),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // The API server answers only its own names (decision 565): the proxy names it, not the dev server.
      '/my-account/api': { target: devApiOrigin, changeOrigin: true },
      '/graphql': { target: devApiOrigin, changeOrigin: true },
    },
  },
});
