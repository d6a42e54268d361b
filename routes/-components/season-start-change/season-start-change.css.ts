import { style } from '@vanilla-extract/css';
import { tokens } from '#src/styles/theme.css';

/** The new start date in three parts (day, month, year), as the date of birth is drawn. */
export const fieldset = style({ border: 0, padding: 0, margin: `${tokens.space.md} 0`, minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: tokens.space.xs });
export const dateParts = style({ display: 'flex', gap: tokens.space.ms, flexWrap: 'wrap', marginTop: tokens.space.xs });
export const datePart = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });
export const dateLabel = style({ fontSize: '0.9375rem' });
export const datePartShort = style({ width: '4.5rem', flex: '0 0 auto' });
export const datePartLong = style({ width: '6.5rem', flex: '0 0 auto' });
