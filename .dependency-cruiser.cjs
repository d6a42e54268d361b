/**
 * Architectural boundaries (docs/decisions/120-lint-and-boundaries.md). Paths are resolved the way
 * tsc resolves them (tsconfig "paths" mirror package.json "imports"), so a rule holds whether an
 * import is written `#src/...` or relatively; `type-only` marks `import type` edges.
 */

/** src/ modules that are libraries, not the app shell: they know nothing of routes or machines. */
const SRC_LIBRARIES = '^src/(api|ui|schemas|config|i18n|styles)/';
/**
 * The src/schemas modules the local server shares on purpose: one copy of the spec's validation
 * rules and messages for client and server, and the refund API contract (decision 080) that the
 * server's answers are checked against in its tests; and the RFC 5545 writer (src/calendar/ics.ts),
 * so a booking's events are the same from "Add to calendar" and from the private calendar feed
 * (decision 191); and the booking lifecycle chart with the facts it reads, so the server refuses exactly
 * what the app withdraws (decision 320); and the response schemas spec mode takes each answer's fields from
 * (server/api/spec-calls.ts, server/lib/spec-shape.ts, decision 886); and the one UK wall clock (src/schemas/uk-time.ts, decision 880), so the
 * server, the seed, the charts and the calendar file agree on a UK day. Anything else in src/ is the browser's.
 */
const SERVER_SHARED_SCHEMAS =
  '^src/schemas/(forms|passengers|railcards|refunds|addresses|passenger-assistance|name-rule|uk-time|auth|booking|booking-actions|bookings-list|cards|consents|customer-profile|delay-repay|find-booking|insurance|spec-records)\\.ts$|^src/calendar/ics\\.ts$|^machines/booking-lifecycle\\.ts$|^machines/lib/booking-lifecycle-facts\\.ts$';
/**
 * Child statecharts a parent machine invokes by name in its setup() (XState composition: the child
 * shows as a nested chart in Stately's editor). Nothing else of another machine may be imported.
 */
const INVOKED_CHILD_MACHINES = ['^machines/refund-card-form\\.ts$', '^machines/submit-with-lost-answer\\.ts$'];
/**
 * Screen folders that host other features' sections: a booking's detail, history and list card show
 * its refund, Delay Repay and insurance sections, imported from those folders' section components.
 */
/** Screens that pay with the refund's card form (the product has one card form): a journey's change, a season's start date's, and their shared payment steps. */
const CARD_FORM_GUESTS = '^routes/-components/(journey-change|season-start-change|change-payment)/';
const HOST_SCREENS = '^routes/-components/(booking-detail|bookings-list)/';
const HOSTED_SECTIONS = [
  '^routes/-components/refunds/',
  '^routes/-components/delay-repay/',
  '^routes/-components/insurance/',
];
/**
 * The compiled message catalogue (Paraglide, generated from messages/*.json; decision 210): pure typed
 * functions from inputs to a string in the URL's locale, shared by screens, machines' copy tables and
 * the spec's validation messages in src/schemas.
 */
const CATALOGUE = '^src/paraglide/';
/** Declared home of pure helpers shared by machines (no machine config in it). */
const MACHINE_HELPERS = '^machines/lib/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'paraglide-runtime-outside-url-locale',
      comment:
        "Only src/i18n/url-locale.ts uses Paraglide's runtime, and only outside a build: a build fixes each message to its locale and leaves the runtime out (decision 242), so a getLocale read elsewhere would answer en-GB on every locale. The locale is services.locale.",
      severity: 'error',
      from: { pathNot: ['^src/i18n/url-locale\\.ts$', CATALOGUE] },
      to: { path: '^src/paraglide/runtime\\.js$' },
    },
    {
      name: 'machine-imports-framework',
      comment:
        'machines/ are pure statecharts: no React, router, HTTP client or DOM libraries (xstate, and valibot through src/schemas, only).',
      severity: 'error',
      from: { path: '^machines/' },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: 'node_modules/(xstate|valibot)/',
      },
    },
    {
      name: 'machine-imports-app',
      comment:
        'machines/ may import src/schemas (pure valibot types, validators and spec messages) and the compiled message catalogue only: not src/api, src/ui, config, routes/ or server/.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { path: '^(src|routes|server|test)/', pathNot: ['^src/schemas/', CATALOGUE] },
    },
    {
      name: 'machine-imports-machine',
      comment:
        "A machine may use another machine's types (import type), never its implementation; shared pure helpers go in machines/lib/.",
      severity: 'error',
      from: { path: '^machines/', pathNot: MACHINE_HELPERS },
      to: {
        path: '^machines/',
        pathNot: [MACHINE_HELPERS, ...INVOKED_CHILD_MACHINES],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'machine-helpers-import-machine',
      comment: 'machines/lib/ is shared by machines, so it imports no machine.',
      severity: 'error',
      from: { path: MACHINE_HELPERS },
      to: { path: '^machines/', pathNot: MACHINE_HELPERS },
    },
    {
      name: 'schemas-are-pure',
      comment:
        'src/schemas is shared by the browser, machines/ and server/: valibot, other schemas and the message catalogue (validation copy) only.',
      severity: 'error',
      from: { path: '^src/schemas/' },
      to: { pathNot: ['^src/schemas/', 'node_modules/valibot/', CATALOGUE] },
    },
    {
      name: 'src-imports-routes',
      comment: 'src/ knows nothing of routes/ (only the generated route tree imports route files).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/route-tree\\.gen\\.ts$' },
      to: { path: '^routes/' },
    },
    {
      name: 'src-library-imports-machines',
      comment:
        'src/api, src/ui, schemas, config, i18n and styles know nothing of machines (the app shell in src/*.ts wires the auth machine).',
      severity: 'error',
      from: { path: SRC_LIBRARIES },
      to: { path: '^machines/' },
    },
    {
      name: 'app-imports-server-or-tests',
      comment: 'The browser bundle and machines never import the local server, scripts or tests.',
      severity: 'error',
      from: { path: '^(src|routes|machines)/' },
      to: { path: '^(server|test|scripts|bench)/' },
    },
    {
      name: 'server-imports-app',
      comment:
        'server/ imports nothing of the app except the schemas it shares on purpose (see SERVER_SHARED_SCHEMAS).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|routes|machines|test|scripts)/', pathNot: SERVER_SHARED_SCHEMAS },
    },
    {
      name: 'server-api-imports-database',
      comment:
        'Handlers in server/api read the request, ask the access policy and shape the answer; the SQL is owned by server/domain, so no server/api module imports the database module (server/db.ts), not even for a type (docs/decisions/721-sql-lives-in-server-domain.md). ESLint forbids running a statement there through the database handle the request carries.',
      severity: 'error',
      from: { path: '^server/api/' },
      to: { path: '^server/db\\.ts$' },
    },
    {
      name: 'screen-folders-import-each-other',
      comment:
        'A screen folder in routes/-components/ does not reach into another one: what two share goes to src/ui, src/api or routes/-components/ itself.',
      severity: 'error',
      from: { path: '^routes/-components/([^/]+)/', pathNot: [HOST_SCREENS, CARD_FORM_GUESTS] },
      to: { path: '^routes/-components/[^/]+/', pathNot: ['^routes/-components/$1/'] },
    },
    {
      name: 'card-form-guests-import-only-the-card-form',
      comment:
        "A change of journey and a season's start date pay through their shared payment steps (change-payment/, decision 868), which take the card form a refund asks for (decision 600); they reach nothing else of another screen folder.",
      severity: 'error',
      from: { path: CARD_FORM_GUESTS },
      to: {
        path: '^routes/-components/[^/]+/',
        pathNot: [
          '^routes/-components/(journey-change|season-start-change|change-payment)/',
          '^routes/-components/refunds/(card-form|step-heading)\\.tsx$',
          '^routes/-components/refunds/refunds\\.css\\.ts$',
        ],
      },
    },
    {
      name: 'host-screens-import-only-sections',
      comment:
        'booking-detail and bookings-list may show sections of refunds/, delay-repay/ and insurance/, and reach no other screen folder.',
      severity: 'error',
      from: { path: HOST_SCREENS },
      to: {
        path: '^routes/-components/[^/]+/',
        pathNot: ['^routes/-components/(booking-detail|bookings-list)/', ...HOSTED_SECTIONS],
      },
    },
    {
      name: 'relative-import-across-areas',
      comment:
        "Import from another top-level folder through its alias (#src/, #machines/, #routes/, #server/, #test/, #scripts/, #bench/), never ../ (scripts/codemods/import-aliases.ts rewrites these; generated files keep their generator's imports).",
      severity: 'error',
      from: { path: '^(src|machines|routes|server|test|scripts|bench)/', pathNot: '\\.gen\\.ts$' },
      to: {
        path: '^(src|machines|routes|server|test|scripts|bench)/',
        pathNot: '^$1/',
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased'],
      },
    },
    {
      name: 'no-circular',
      comment:
        'Import cycles make module order matter and tangle a folder; break them, type-only imports included (a shared type goes in a leaf module). tsPreCompilationDeps keeps `import type` edges in the graph, and this rule names no dependencyTypesNot, so a cycle of type imports alone is refused too (docs/decisions/810; test/unit/type-only-cycles.test.ts).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'app-imports-dev-dependency',
      comment:
        'The browser bundle only uses dependencies, not devDependencies. src/dev/ is served by the dev server only (decision 181).',
      severity: 'error',
      from: { path: '^(src|routes|machines)/', pathNot: '^src/dev/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'app-imports-dev-folder',
      comment:
        'Only the dev server reaches src/dev/ (scripts/vite-inspect.ts), so no bundle can hold it (decision 181).',
      severity: 'error',
      from: { path: '^(src|routes|machines)/', pathNot: '^src/dev/' },
      to: { path: '^src/dev/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|\\.data)/' },
    // Type-only imports are edges too: the rules about machines read them, and no-circular counts them (decision 810).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    skipAnalysisNotInRules: true,
  },
};
