import { describe, expect, it } from 'vitest';
import { buttonClass } from '#src/ui/button-class';
import * as styles from '#src/ui/button.css';

/** Decision 242: the button's classes without a recipe runtime. */
describe('buttonClass', () => {
  it('is a primary button unless told otherwise', () => {
    expect(buttonClass().split(' ')).toEqual([styles.base, styles.tone.primary]);
    expect(buttonClass({ tone: undefined, block: undefined }).split(' ')).toEqual([styles.base, styles.tone.primary]);
  });

  it('takes the tone it is given', () => {
    for (const tone of ['primary', 'secondary', 'danger', 'link'] as const) {
      expect(buttonClass({ tone }).split(' ')).toEqual([styles.base, styles.tone[tone]]);
    }
  });

  it('adds the full-width class only on request', () => {
    expect(buttonClass({ tone: 'secondary', block: true }).split(' ')).toEqual([
      styles.base,
      styles.tone.secondary,
      styles.block,
    ]);
    expect(buttonClass({ block: false })).not.toContain(styles.block);
  });

  it('gives every tone a class of its own', () => {
    expect(new Set(Object.values(styles.tone)).size).toBe(4);
    expect(styles.base).toBeTruthy();
    expect(styles.block).toBeTruthy();
  });
});
