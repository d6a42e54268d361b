// @ts-check
/**
 * ESLint rule: no English creeps back into JSX (decision 210). Words in JSX text, in a string given
 * to a prop that people read (label, title, aria-label, placeholder, alt, hint, ...), or in a string
 * rendered from a JSX expression must come from the message catalogue (m.key()). Punctuation and
 * symbols (".", "·", "‹", "▲") are allowed; so is anything in the narrow allowlist below.
 */

/** Props whose string value is read by people (or screen readers). */
const READ_PROPS =
  /^(label|title|aria-label|aria-description|aria-valuetext|placeholder|alt|hint|intro|busyLabel|confirmLabel|cancelLabel|description|heading|legend|emptyText|caption|summary)$/;
/** Strings that are not copy: brand or proper names shown the same in every locale. */
const ALLOWED = new Set(['Google', 'Facebook', 'Apple', 'Visa', 'Mastercard', 'Delay Repay']);
const hasWords = (/** @type {string} */ s) => /\p{L}{2,}/u.test(s) && !ALLOWED.has(s.trim());

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralCopy = {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing words come from the message catalogue (messages/en-GB.json), not JSX literals.' },
    messages: {
      literal:
        'User-facing text "{{text}}" must come from the message catalogue: add it to messages/en-GB.json and call m.<key>().',
    },
    schema: [],
  },
  create(context) {
    /** @param {any} node @param {string} text */
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    /** @param {any} node */
    const inReadProp = (node) => {
      for (let p = node.parent; p; p = p.parent) {
        if (p.type === 'JSXAttribute') return READ_PROPS.test(String(p.name.name));
        if (p.type === 'JSXElement' || p.type === 'JSXFragment') return true;
        if (
          p.type === 'CallExpression' ||
          p.type === 'BinaryExpression' ||
          p.type === 'MemberExpression' ||
          p.type === 'Property' ||
          p.type === 'ArrowFunctionExpression'
        )
          return false;
      }
      return false;
    };
    return {
      /** @param {any} node */
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        if (
          node.value?.type === 'Literal' &&
          typeof node.value.value === 'string' &&
          READ_PROPS.test(String(node.name.name)) &&
          hasWords(node.value.value)
        ) {
          report(node.value, node.value.value);
        }
      },
      /** @param {any} node */
      'JSXExpressionContainer Literal'(node) {
        if (typeof node.value === 'string' && hasWords(node.value) && inReadProp(node)) report(node, node.value);
      },
      /** @param {any} node */
      'JSXExpressionContainer TemplateLiteral'(node) {
        const text = node.quasis.map((/** @type {any} */ q) => q.value.cooked ?? '').join(' ');
        if (hasWords(text) && inReadProp(node)) report(node, text);
      },
    };
  },
};
