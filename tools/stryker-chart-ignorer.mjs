// @ts-check
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/**
 * Mutants in machines/ that no test can kill because they change no behaviour (docs/decisions/133):
 * - `types: { ... }` in setup(): TypeScript-only (`{} as X`), gone at run time.
 * - An actor placeholder `fromPromise(async () => { throw new Error('… not provided') })`: the
 *   route provides the real actor (`machine.provide`), so the placeholder never runs.
 */
const isCallTo = (node, name) =>
  node?.type === 'CallExpression' &&
  ((node.callee.type === 'Identifier' && node.callee.name === name) ||
    (node.callee.type === 'MemberExpression' &&
      node.callee.property.type === 'Identifier' &&
      node.callee.property.name === name));

/** @param {any} path */
function shouldIgnore(path) {
  const { node, parentPath } = path;
  if (
    node.type === 'ObjectProperty' &&
    node.key.type === 'Identifier' &&
    node.key.name === 'types' &&
    isCallTo(parentPath?.parentPath?.node, 'setup')
  ) {
    return 'setup() types are TypeScript-only';
  }
  if (
    (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression') &&
    node.body.type === 'BlockStatement' &&
    node.body.body.length === 1 &&
    node.body.body[0].type === 'ThrowStatement' &&
    /not provided/.test(JSON.stringify(node.body.body[0].argument))
  ) {
    return 'actor placeholder: the route provides the real actor';
  }
  return undefined;
}

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'chart-type-only', { shouldIgnore })];
