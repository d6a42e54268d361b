import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs, marginBottom: tokens.space.md });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
export const input = style({
  font: 'inherit',
  minHeight: '44px',
  padding: `${tokens.space.sm} ${tokens.space.ms}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  maxWidth: '28rem',
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { background: vars.color.surfaceAlt, color: vars.color.textMuted },
  },
});
export const error = style({ color: vars.color.danger, fontWeight: 600, fontSize: '0.9375rem' });
export const checkboxRow = style({ display: 'flex', alignItems: 'flex-start', gap: '10px', marginBottom: tokens.space.md });
export const checkbox = style({ width: '22px', height: '22px', flexShrink: 0, marginTop: tokens.space.xxs, accentColor: vars.color.brand });
