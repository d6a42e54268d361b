import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.ms });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))' } },
});
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  padding: tokens.space.md,
  background: vars.color.surfaceAlt,
  borderRadius: tokens.radius.md,
});
export const itemTitle = style({ fontWeight: 700, fontSize: '1rem', margin: 0 });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.9375rem', margin: 0 });
// The shared link-that-looks-like-a-button (it was a near twin here).
export { linkButton } from '#src/ui/link-button.css';
export const ticketFacts = style({ margin: `${tokens.space.xs} 0 0` });
globalStyle(`${ticketFacts} dt`, { fontWeight: 600, fontSize: '0.875rem' });
globalStyle(`${ticketFacts} dd`, { margin: `0 0 ${tokens.space.xs}`, overflowWrap: 'anywhere' });

export const dialog = style({
  width: 'calc(100% - 32px)',
  maxWidth: '32rem',
  maxHeight: 'calc(100% - 32px)',
  padding: `${tokens.space.ml} ${tokens.space.md}`,
  border: 'none',
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 8px 32px rgba(0, 0, 0, 0.3)',
  '@media': { [mq.small]: { padding: tokens.space.lg } },
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.55)' } },
});
export const dialogHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: tokens.space.ms,
});
export const dialogTitle = style({ fontSize: '1.25rem', margin: `0 0 ${tokens.space.sm}` });
export const closeButton = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
  borderRadius: tokens.radius.sm,
});
export const emailRow = style({ display: 'flex', alignItems: 'flex-start', gap: tokens.space.sm });
globalStyle(`${emailRow} > :first-child`, { flex: 1, minWidth: 0 });
export const removeButton = style({ marginTop: '30px', flex: 'none' });
export const dialogIntro = style({ color: vars.color.textMuted, margin: `0 0 ${tokens.space.md}` });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.ms,
  alignItems: 'center',
  marginTop: tokens.space.sm,
});
export const stretch = style({ alignSelf: 'stretch' });
globalStyle(`${stretch} > *:last-child`, { marginBottom: 0 });
