import { keyframes, style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { card as cardPrimitive } from '#src/ui/card.css';
import { mq } from '#src/styles/breakpoints';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
/** The card primitive (src/ui/card.css.ts). */
export const option = style([cardPrimitive]);
export const optionHeader = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.ms,
  alignItems: 'baseline',
  flexWrap: 'wrap',
});
export const optionName = style({ fontSize: '1.125rem', margin: 0 });
export const price = style({ fontWeight: 700, fontSize: '1.125rem' });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const terms = style({ marginTop: tokens.space.sm });
export const termsSummary = style({ cursor: 'pointer', fontWeight: 600, color: vars.color.brand, minHeight: '24px' });
export const termsText = style({
  margin: `${tokens.space.sm} 0 0`,
  color: vars.color.textMuted,
  fontSize: '0.9375rem',
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  margin: `0 0 ${tokens.space.md}`,
  padding: `${tokens.space.ms} ${tokens.space.md}`,
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
});
export const factTerm = style({ fontWeight: 600 });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

const shimmer = keyframes({
  '0%': { transform: 'translateX(-120%) skewX(-20deg)' },
  '100%': { transform: 'translateX(320%) skewX(-20deg)' },
});
export const digitalCard = style({
  position: 'relative',
  overflow: 'hidden',
  borderRadius: '16px',
  padding: tokens.space.ml,
  color: '#ffffff',
  background: 'linear-gradient(135deg, #0b3d6e 0%, #12608f 55%, #1f8a70 100%)',
  maxWidth: '26rem',
  boxShadow: '0 6px 18px rgba(0, 0, 0, 0.25)',
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    width: '30%',
    background: 'rgba(255, 255, 255, 0.18)',
    animation: `${shimmer} 3s linear infinite`,
    pointerEvents: 'none',
  },
  '@media': { '(prefers-reduced-motion: reduce)': { '::after': { animation: 'none', display: 'none' } } },
});
export const digitalCardEnlarged = style({ maxWidth: '40rem', fontSize: '1.25rem' });
export const digitalExpired = style({ background: 'linear-gradient(135deg, #5a5a5a 0%, #7a7a7a 100%)' });
export const cardTop = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: tokens.space.ms,
});
export const cardName = style({ fontSize: '1.25em', fontWeight: 700, margin: 0 });
export const cardCode = style({
  fontWeight: 700,
  letterSpacing: '0.1em',
  border: '2px solid #ffffff',
  borderRadius: '6px',
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
});
export const cardHolders = style({
  fontSize: '1.375em',
  fontWeight: 700,
  margin: `${tokens.space.md} 0 ${tokens.space.xs}`,
  overflowWrap: 'anywhere',
});
export const cardRows = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${tokens.space.xxs} ${tokens.space.ms}`,
  margin: `${tokens.space.ms} 0 0`,
});
export const cardLabel = style({ opacity: 0.85 });
export const cardValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const clock = style({
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 700,
  fontSize: '1.125em',
  marginTop: tokens.space.ms,
});
