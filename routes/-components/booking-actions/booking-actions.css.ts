import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';
import { mq } from '../../../src/styles/breakpoints';

export const section = style({ display: 'flex', flexDirection: 'column', gap: '12px' });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '16px',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))' } },
});
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '8px',
  padding: '16px',
  background: vars.color.surfaceAlt,
  borderRadius: '8px',
});
export const itemTitle = style({ fontWeight: 700, margin: 0 });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.9375rem', margin: 0 });
export const linkButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '10px 20px',
  borderRadius: '4px',
  border: `2px solid ${vars.color.brand}`,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.accent } },
});
export const ticketFacts = style({ margin: '4px 0 0' });
globalStyle(`${ticketFacts} dt`, { fontWeight: 600, fontSize: '0.875rem' });
globalStyle(`${ticketFacts} dd`, { margin: '0 0 4px', overflowWrap: 'anywhere' });

export const dialog = style({
  width: 'calc(100% - 32px)',
  maxWidth: '32rem',
  maxHeight: 'calc(100% - 32px)',
  padding: '20px 16px',
  border: 'none',
  borderRadius: '8px',
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: '0 8px 32px rgba(0, 0, 0, 0.3)',
  '@media': { [mq.small]: { padding: '24px' } },
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.55)' } },
});
export const dialogHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '12px' });
export const dialogTitle = style({ fontSize: '1.25rem', margin: '0 0 8px' });
export const closeButton = style({
  minWidth: '44px',
  minHeight: '44px',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  fontSize: '1.5rem',
  lineHeight: 1,
  cursor: 'pointer',
  borderRadius: '4px',
});
export const emailRow = style({ display: 'flex', alignItems: 'flex-start', gap: '8px' });
globalStyle(`${emailRow} > :first-child`, { flex: 1, minWidth: 0 });
export const removeButton = style({ marginTop: '30px', flex: 'none' });
export const dialogIntro = style({ color: vars.color.textMuted, margin: '0 0 16px' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginTop: '8px' });
export const stretch = style({ alignSelf: 'stretch' });
globalStyle(`${stretch} > *:last-child`, { marginBottom: 0 });
