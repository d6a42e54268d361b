import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/** The visible summary (GOV.UK's error summary): a box in the error colour above the form. Empty, it takes no room. */
export const summary = style({
  border: `4px solid ${vars.color.danger}`,
  borderRadius: tokens.radius.sm,
  padding: `${tokens.space.ms} ${tokens.space.md}`,
  marginBottom: tokens.space.md,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&:empty': { display: 'none' } },
});
export const title = style({ fontSize: '1.125rem', fontWeight: 700, margin: `0 0 ${tokens.space.xs}` });
export const list = style({ margin: 0, paddingLeft: tokens.space.md });
export const link = style({ color: vars.color.danger, fontWeight: 600 });
