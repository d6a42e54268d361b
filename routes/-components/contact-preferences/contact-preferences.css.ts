import { style } from '@vanilla-extract/css';
import { focusRing, tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const panel = style({ maxWidth: '44rem' });
export const list = style({ listStyle: 'none', margin: `0 0 ${tokens.space.lg}`, padding: 0 });

export const row = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: `1px solid ${vars.color.border}` } },
});

export const text = style({ flex: '1 1 auto', minWidth: 0 });
export const preBody = style({
  margin: 0,
  fontSize: '0.8125rem',
  fontWeight: 600,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});
export const title = style({ display: 'block', fontWeight: 700, fontSize: '1.0625rem', cursor: 'pointer' });
export const description = style({ margin: `${tokens.space.xs} 0 0`, color: vars.color.textMuted });

/** Narrow screens: the On/Off text sits under the switch, leaving the copy more room. */
export const control = style({
  flex: '0 0 auto',
  display: 'flex',
  flexDirection: 'column-reverse',
  alignItems: 'center',
  gap: tokens.space.xs,
  paddingTop: tokens.space.xs,
  '@media': { [mq.small]: { flexDirection: 'row', gap: tokens.space.sm } },
});
export const stateText = style({
  fontWeight: 600,
  fontSize: '0.875rem',
  color: vars.color.textMuted,
  '@media': { [mq.small]: { minWidth: '4rem', textAlign: 'right', fontSize: '0.9375rem' } },
});

/** The real checkbox (role=switch) lies over the drawn track: clickable, focusable, announced. */
export const switchBox = style({ position: 'relative', display: 'inline-block', width: '52px', height: '30px' });
export const switchInput = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
  zIndex: 1,
  selectors: { '&[aria-disabled="true"]': { cursor: 'not-allowed' } },
});
export const track = style({
  position: 'absolute',
  inset: 0,
  borderRadius: tokens.radius.pill,
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  transition: 'background 120ms ease',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: '3px',
      left: '3px',
      width: '20px',
      height: '20px',
      borderRadius: '50%',
      background: vars.color.border,
      transition: 'transform 120ms ease',
    },
    [`${switchInput}:checked + &`]: { background: vars.color.brand, borderColor: vars.color.brand },
    [`${switchInput}:checked + &::after`]: { transform: 'translateX(22px)', background: vars.color.brandContrast },
    [`${switchInput}:focus-visible + &`]: focusRing,
    // Busy: the knob fades and the edge is dashed; the track keeps its opacity, so its focus ring
    // keeps its contrast (decision 581).
    [`${switchInput}[aria-busy="true"] + &`]: { borderStyle: 'dashed' },
    [`${switchInput}[aria-busy="true"] + &::after`]: { opacity: 0.5 },
  },
  // The knob does not slide either (it is the ::after, which the rule above alone would leave moving).
  '@media': {
    '(prefers-reduced-motion: reduce)': { transition: 'none', selectors: { '&::after': { transition: 'none' } } },
  },
});

export const prompt = style({
  padding: tokens.space.md,
  margin: `${tokens.space.ms} 0`,
  borderRadius: tokens.radius.md,
  background: vars.color.infoBg,
  border: `1px solid ${vars.color.info}`,
  listStyle: 'none',
});
export const promptTitle = style({ fontSize: '1.125rem', margin: `${tokens.space.xs} 0 0` });
export const promptActions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.ms,
  marginTop: tokens.space.ms,
  '@media': { [mq.small]: { flexDirection: 'row', flexWrap: 'wrap' } },
});

export const marketing = style({ paddingTop: tokens.space.sm });
export const rowError = style({ margin: '6px 0 0', color: vars.color.danger, fontWeight: 600, fontSize: '0.9375rem' });
export const marketingHeading = style({ fontSize: '1.25rem', marginBottom: tokens.space.sm });
