import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const field = style({ display: 'flex', flexDirection: 'column', gap: '4px', marginBottom: '16px' });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
export const input = style({
  font: 'inherit',
  minHeight: '44px',
  padding: '8px 12px',
  border: `2px solid ${vars.color.border}`,
  borderRadius: '4px',
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
export const checkboxRow = style({ display: 'flex', alignItems: 'flex-start', gap: '10px', marginBottom: '16px' });
export const checkbox = style({ width: '22px', height: '22px', flexShrink: 0, marginTop: '2px', accentColor: vars.color.brand });
