import { Fragment, type ReactNode } from 'react';

/** Marks where a placeholder's node goes; invisible separators never occur in catalogue text. */
const mark = (i: number) => `\u2063${i}\u2063`;

/**
 * A catalogue sentence that wraps a link or emphasis ("To change your email address, go to {link}.").
 * The whole sentence is one message, so a translator can move the link anywhere in it; the
 * placeholders are filled here with React nodes. Plain-text placeholders go in as usual.
 */
export function rich<K extends string>(
  message: (inputs: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode {
  const keys = Object.keys(parts) as K[];
  const inputs = Object.fromEntries(keys.map((k, i) => [k, mark(i)])) as Record<K, string>;
  return message(inputs)
    .split(/\u2063(\d+)\u2063/)
    .map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{parts[keys[Number(piece)]!]}</Fragment>));
}
