import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';

export const sections = style({ display: 'grid', gap: '32px' });
export const section = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}`, paddingTop: '24px' } },
});
export const heading = style({ fontSize: '1.25rem', marginBottom: '12px' });
export const intro = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: '16px' });
export const email = style({ color: vars.color.text, overflowWrap: 'anywhere' });
