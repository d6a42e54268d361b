import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';
import { mq } from '../../../src/styles/breakpoints';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '16px',
  '@media': { [mq.medium]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const option = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
});
export const optionHeader = style({ display: 'flex', justifyContent: 'space-between', gap: '12px', alignItems: 'baseline', flexWrap: 'wrap' });
export const optionName = style({ fontSize: '1.125rem', margin: 0 });
export const price = style({ fontWeight: 700, fontSize: '1.125rem' });
export const muted = style({ color: vars.color.textMuted, margin: 0 });
export const terms = style({ marginTop: '8px' });
export const termsSummary = style({ cursor: 'pointer', fontWeight: 600, color: vars.color.brand, minHeight: '24px' });
export const termsText = style({ margin: '8px 0 0', color: vars.color.textMuted, fontSize: '0.9375rem' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '4px 16px',
  margin: '0 0 16px',
  padding: '12px 16px',
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
  padding: '20px',
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
export const cardTop = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '12px' });
export const cardName = style({ fontSize: '1.25em', fontWeight: 700, margin: 0 });
export const cardCode = style({
  fontWeight: 700,
  letterSpacing: '0.1em',
  border: '2px solid #ffffff',
  borderRadius: '6px',
  padding: '2px 8px',
});
export const cardHolders = style({ fontSize: '1.375em', fontWeight: 700, margin: '16px 0 4px', overflowWrap: 'anywhere' });
export const cardRows = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', margin: '12px 0 0' });
export const cardLabel = style({ opacity: 0.85 });
export const cardValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const clock = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: '1.125em', marginTop: '12px' });
