import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const greeting = style({ marginTop: 0, marginBottom: tokens.space.xs, fontSize: '1.125rem', fontWeight: 600 });
export const email = style({ marginTop: 0, color: vars.color.textMuted, overflowWrap: 'anywhere' });
export const sectionHeading = style({ fontSize: '1.25rem', margin: `${tokens.space.lg} 0 ${tokens.space.ms}` });
export const stats = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.ms,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xxs,
  height: '100%',
  padding: tokens.space.ms,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.text } },
});
export const statValue = style({ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.1, color: vars.color.brand });
export const statLabel = style({ fontSize: '0.9375rem' });
export const sections = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: tokens.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const sectionLink = style({
  display: 'block',
  padding: tokens.space.ms,
  minHeight: '44px',
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  textDecoration: 'none',
  color: vars.color.text,
  selectors: { '&:hover': { borderColor: vars.color.brand, color: vars.color.text } },
});
export const sectionTitle = style({ display: 'block', fontWeight: 600, color: vars.color.brand });
export const sectionText = style({ display: 'block', fontSize: '0.9375rem', color: vars.color.textMuted });
export const retryRow = style({ marginBottom: tokens.space.md });
/** The summary's place: the loading message over the hidden lines and tiles that keep its height. */
export const summaryArea = style({ position: 'relative' });
export const loadingOver = style({ position: 'absolute', insetInline: 0, top: 0 });
export const reserved = style({ visibility: 'hidden' });
