// @ts-check
/**
 * Code rules (docs/decisions/120-lint-and-boundaries.md). Import boundaries between folders are
 * dependency-cruiser's (.dependency-cruiser.cjs); unused files and exports are knip's (knip.json).
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noLiteralCopy } from './scripts/eslint/no-literal-copy.mjs';

const climbAtMostOneFolder = {
  regex: '^(\\.\\./){2,}',
  message:
    'Climb at most one folder: import through #src/, #machines/, #routes/, #server/, #test/, #scripts/ or #bench/ (package.json "imports").',
};
/** The compiled message catalogue, however it is imported (#src/paraglide/…, ../src/paraglide/…). */
const messageCatalogue = {
  regex: '(^|/)paraglide/',
  message:
    'Machines name outcomes (a code, a kind, a field); the screen words them from the message catalogue (src/copy/, docs/decisions/710).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.data/',
      'node_modules/',
      'src/route-tree.gen.ts',
      'src/paraglide/',
      'project.inlang/',
      'server/known-paths.gen.ts',
      'docs/',
      'coverage/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Type-aware, chosen for what they catch here (unhandled promises around actors and
      // navigation); the whole recommendedTypeChecked set costs more than it finds on 2 cores.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // noUncheckedIndexedAccess is on, so `!` marks a checked fact ("the row just inserted");
      // XState's fromPromise<void, Input> needs void as a type argument.
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-invalid-void-type': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-imports': ['error', { patterns: [climbAtMostOneFolder] }],
    },
  },
  {
    // Charts name outcomes (codes, kinds, fields); screens choose the words (docs/decisions/710).
    // A later block's no-restricted-imports replaces the one above, so it repeats its pattern.
    files: ['machines/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbAtMostOneFolder, messageCatalogue] }] },
  },
  {
    // SQL lives in server/domain (docs/decisions/721): a handler imports no database module
    // (dependency-cruiser) and runs no statement through the database handle its request carries.
    files: ['server/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(query|exec)$/]:matches([callee.object.name=/^(db|tx)$/], [callee.object.property.name='db'])",
          message: 'A handler runs no SQL: call a server/domain function that owns the statement (docs/decisions/721).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'routes/**/*.{ts,tsx}', 'test/unit/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx', 'routes/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus passed to our own components is managed focus (a dialog's safe action, the field
      // just added, the sign-in form on /login), which the spec asks for; raw DOM autoFocus stays banned.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // Every word on screen comes from the message catalogue (decision 210).
    files: ['src/**/*.tsx', 'routes/**/*.tsx'],
    plugins: { i18n: { rules: { 'no-literal-copy': noLiteralCopy } } },
    rules: { 'i18n/no-literal-copy': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
