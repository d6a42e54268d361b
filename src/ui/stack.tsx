import type { ReactNode } from 'react';
import type { Space } from '../styles/tokens';
import * as styles from './card.css';

export interface StackProps {
  /** Space between the children, from the spacing scale (src/styles/tokens.ts). */
  gap?: Space;
  as?: 'div' | 'section';
  /** For a section: the id of its heading. */
  labelledBy?: string;
  children: ReactNode;
}

/** Children one below the other, `gap` apart: the stack primitive beside the card (card.css.ts). */
export function Stack({ gap = 'sm', as: Tag = 'div', labelledBy, children }: StackProps) {
  return (
    <Tag className={styles.stack[gap]} aria-labelledby={labelledBy}>
      {children}
    </Tag>
  );
}
