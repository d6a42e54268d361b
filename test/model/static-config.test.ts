/**
 * Every machine is statically readable by Stately's editors (ARCHITECTURE.md, issue 13): each
 * machines/*.ts holds one literal createMachine({...}) config with no spread, call or computed key,
 * so a designer opening the file in the visualizer or the VS Code extension sees all of it. Function
 * values (input mappers, inline guards) are code, not structure: their bodies are not walked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const machinesDir = path.resolve(import.meta.dirname, '../../machines');
const machineFiles = readdirSync(machinesDir).filter((f) => f.endsWith('.ts')).sort();

interface Finding {
  line: number;
  kind: 'spread' | 'call' | 'computed key' | 'not a literal' | 'function-valued params';
  text: string;
}

const isFunction = (node: ts.Node) => ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node);

/** The configs passed to createMachine in a source file, and what in them a static reader loses. */
function staticFindings(fileName: string, source: string): { configs: number; findings: Finding[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  let configs = 0;
  const report = (node: ts.Node, kind: Finding['kind']) =>
    findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, kind, text: node.getText(file).slice(0, 80) });

  const walkConfig = (node: ts.Node): void => {
    if (isFunction(node)) return;
    if (ts.isSpreadAssignment(node) || ts.isSpreadElement(node)) report(node, 'spread');
    else if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) report(node, 'call');
    else if (ts.isComputedPropertyName(node)) report(node, 'computed key');
    if (ts.isPropertyAssignment(node) && node.name.getText(file) === 'params' && isFunction(node.initializer)) {
      report(node, 'function-valued params');
    }
    ts.forEachChild(node, walkConfig);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
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
    expect(staticFindings('ok.ts', wrap(`{ id: 'a', states: { s: { invoke: { input: ({ context }) => ({ n: context.list.map(String) }) } } } }`)).findings).toEqual([]);
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
});

describe.each(machineFiles)('machines/%s', (file) => {
  const { configs, findings } = staticFindings(file, readFileSync(path.join(machinesDir, file), 'utf8'));
  it('has exactly one createMachine config', () => expect(configs).toBe(1));
  it('has no spread, call or computed key in its config', () => {
    expect(findings.filter((f) => f.kind !== 'function-valued params')).toEqual([]);
  });
});

/**
 * Stately's extractor (@xstate/machine-extractor) dropped the function-valued params of these six
 * machines (issue 13); they now name param-free guards and actions that read the event in setup().
 */
describe.each(['auth.ts', 'change-email.ts', 'find-booking.ts', 'guest-association.ts', 'personal-details.ts', 'preferences-token.ts'])(
  'machines/%s',
  (file) => {
    it('has no function-valued params', () => {
      const { findings } = staticFindings(file, readFileSync(path.join(machinesDir, file), 'utf8'));
      expect(findings.filter((f) => f.kind === 'function-valued params')).toEqual([]);
    });
  },
);
