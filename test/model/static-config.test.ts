/**
 * Every machine is statically readable by Stately's editors (docs/architecture.md): each
 * machines/*.ts holds one literal createMachine({...}) config with no spread, call or computed key,
 * so a designer opening the file in the visualizer or the VS Code extension sees all of it. Function
 * values (input mappers, inline guards) are code, not structure: their bodies are not walked.
 *
 * Nor may a guard or action take function-valued `params` (`{ type: 'storeX', params: ({ event })
 * => ... }`): Stately's extractor (@xstate/machine-extractor) drops them, so the chart shows the
 * step without its data. Name the guard or action and read the event in its setup()
 * implementation (doneOutput, machines/lib/problems, assertEvent); static params stay allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');
const machineFiles = readdirSync(machinesDir)
  .filter((f) => f.endsWith('.ts'))
  .sort();

interface Finding {
  line: number;
  kind: 'spread' | 'call' | 'computed key' | 'not a literal' | 'function-valued params';
  text: string;
}

const isFunction = (node: ts.Node) =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

/** An expression without the parentheses and type assertions around it (`(f)`, `f as T`, `f satisfies T`, `f!`). */
const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ||
  ts.isAsExpression(node) ||
  ts.isSatisfiesExpression(node) ||
  ts.isTypeAssertionExpression(node) ||
  ts.isNonNullExpression(node)
    ? unwrap(node.expression)
    : node;

/** A property's name as written, when it is a plain one (`params`, `'params'`). */
const nameOf = (name: ts.PropertyName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : null;

/** `params: ({ event }) => ...`, `params: function () {...}` or the method `params() {...}`. */
const isFunctionValuedParams = (node: ts.Node): boolean =>
  (ts.isPropertyAssignment(node) && nameOf(node.name) === 'params' && isFunction(unwrap(node.initializer))) ||
  (ts.isMethodDeclaration(node) && nameOf(node.name) === 'params');

/** The configs passed to createMachine in a source file, and what in them a static reader loses. */
function staticFindings(fileName: string, source: string): { configs: number; findings: Finding[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  let configs = 0;
  const report = (node: ts.Node, kind: Finding['kind']) =>
    findings.push({
      line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      kind,
      text: node.getText(file).slice(0, 80),
    });

  const walkConfig = (node: ts.Node): void => {
    if (isFunctionValuedParams(node)) report(node, 'function-valued params');
    if (isFunction(node)) return;
    if (ts.isSpreadAssignment(node) || ts.isSpreadElement(node)) report(node, 'spread');
    else if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node))
      report(node, 'call');
    else if (ts.isComputedPropertyName(node)) report(node, 'computed key');
    ts.forEachChild(node, walkConfig);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (name === 'createMachine') {
        configs += 1;
        const [config] = node.arguments;
        if (!config || !ts.isObjectLiteralExpression(config)) report(config ?? node, 'not a literal');
        else ts.forEachChild(config, walkConfig);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { configs, findings };
}

describe('staticFindings (the check itself)', () => {
  const wrap = (config: string) => `setup({}).createMachine(${config});`;
  it('accepts a literal config with function values', () => {
    expect(
      staticFindings(
        'ok.ts',
        wrap(`{ id: 'a', states: { s: { invoke: { input: ({ context }) => ({ n: context.list.map(String) }) } } } }`),
      ).findings,
    ).toEqual([]);
  });
  it.each([
    ['spread', `{ states: { ...shared } }`],
    ['call', `{ states: makeStates() }`],
    ['computed key', `{ states: { [name]: {} } }`],
    ['not a literal', `config`],
    ['function-valued params', `{ entry: { type: 'a', params: ({ event }) => event } }`],
  ] as const)('flags a %s', (kind, config) => {
    expect(staticFindings('bad.ts', wrap(config)).findings.map((f) => f.kind)).toContain(kind);
  });
  it('accepts static params and a guard or action named by a string', () => {
    const config = `{ states: { s: { entry: { type: 'setOutcome', params: { outcome: 'done' } }, on: { e: { guard: 'isReady', actions: ['store', { type: 'b', params: { n: 1 } }] } } } } }`;
    expect(staticFindings('ok.ts', wrap(config)).findings).toEqual([]);
  });
  it.each([
    [
      'an arrow function in a guard',
      `{ guard: { type: 'isReady', params: ({ event }) => ({ answer: event.output }) } }`,
    ],
    ['a function expression', `{ actions: { type: 'store', params: function ({ event }) { return event; } } }`],
    ['a method', `{ actions: { type: 'store', params({ event }) { return event; } } }`],
    ['a parenthesized arrow', `{ actions: { type: 'store', params: (({ event }) => event) } }`],
    ['an arrow in an actions array', `{ actions: ['a', { type: 'store', params: ({ event }) => event }] }`],
    ['a quoted key', `{ actions: { type: 'store', 'params': () => ({}) } }`],
  ])('flags function-valued params: %s, deep in the states, with its line', (_, transition) => {
    const source = `setup({}).createMachine({\n  id: 'a',\n  states: {\n    s: {\n      invoke: { src: 'x', onDone: ${transition} },\n    },\n  },\n});`;
    const { findings } = staticFindings('bad.ts', source);
    expect(findings.map((f) => [f.kind, f.line])).toEqual([['function-valued params', 5]]);
  });
});

/** Findings as `machines/<file>:<line> <kind>: <text>`, so a failure names where to look. */
const located = (file: string, findings: Finding[]) =>
  findings.map((f) => `machines/${file}:${f.line} ${f.kind}: ${f.text}`);

describe.each(machineFiles)('machines/%s', (file) => {
  const { configs, findings } = staticFindings(file, readFileSync(path.join(machinesDir, file), 'utf8'));
  it('has exactly one createMachine config', () => expect(configs).toBe(1));
  it('has no spread, call or computed key in its config', () => {
    expect(
      located(
        file,
        findings.filter((f) => f.kind !== 'function-valued params'),
      ),
    ).toEqual([]);
  });
  it('has no function-valued params (Stately drops them: name the guard or action, read the event in setup())', () => {
    expect(
      located(
        file,
        findings.filter((f) => f.kind === 'function-valued params'),
      ),
    ).toEqual([]);
  });
});
