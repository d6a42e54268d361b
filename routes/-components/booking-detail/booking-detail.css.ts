import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const section = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: tokens.space.md,
  marginTop: tokens.space.ml,
});
export const sectionTitle = style({ fontSize: '1.25rem', marginBottom: tokens.space.ms });
export const meta = style({ color: vars.color.textMuted, margin: `0 0 ${tokens.space.sm}`, overflowWrap: 'anywhere' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  margin: 0,
  '@media': { [mq.small]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' } },
});
globalStyle(`${facts} dt`, { fontWeight: 600 });
globalStyle(`${facts} dd`, { margin: `0 0 ${tokens.space.sm}`, overflowWrap: 'anywhere' });

export const legs = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.large]: { gridTemplateColumns: '1fr 1fr' } },
});
export const leg = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  background: vars.color.surface,
});
export const legHeading = style({ fontSize: '1.125rem', marginBottom: tokens.space.xs });
export const times = style({
  display: 'grid',
  gridTemplateColumns: '4.5rem minmax(0, 1fr)',
  gap: `${tokens.space.xs} ${tokens.space.ms}`,
  margin: `${tokens.space.ms} 0`,
  alignItems: 'baseline',
});
export const time = style({ fontWeight: 700, fontSize: '1.125rem', fontVariantNumeric: 'tabular-nums' });
export const station = style({ overflowWrap: 'anywhere' });
/** A cancellation or delay on the leg's train (the operators' running data). */
export const disruption = style({ color: vars.color.danger, fontWeight: 700, margin: `${tokens.space.sm} 0` });

/** A leg's calling points as a timeline: a line down the left, a ring on it at each stop. */
export const callingList = style({
  listStyle: 'none',
  margin: `${tokens.space.sm} 0 0 ${tokens.space.xs}`,
  padding: `0 0 0 ${tokens.space.ms}`,
  borderLeft: `3px solid ${vars.color.border}`,
});
globalStyle(`${callingList} li`, {
  position: 'relative',
  display: 'flex',
  gap: tokens.space.ms,
  padding: `${tokens.space.xxs} 0`,
});
globalStyle(`${callingList} li::before`, {
  content: '""',
  position: 'absolute',
  left: `calc(-1 * ${tokens.space.ms} - 8px)`,
  top: '50%',
  width: '13px',
  height: '13px',
  boxSizing: 'border-box',
  borderRadius: '50%',
  border: `3px solid ${vars.color.brand}`,
  background: vars.color.surface,
  transform: 'translateY(-50%)',
});
export const callingTime = style({
  fontVariantNumeric: 'tabular-nums',
  minWidth: '3.5rem',
  color: vars.color.textMuted,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.sm });
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.ms,
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
});
export const rowMain = style({ minWidth: 0, overflowWrap: 'anywhere' });
export const total = style({ fontSize: '1.25rem', fontWeight: 700 });
export const badge = style({
  display: 'inline-block',
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  fontSize: '0.875rem',
  fontWeight: 600,
  background: vars.color.infoBg,
  color: vars.color.text,
  border: `1px solid ${vars.color.info}`,
});
export const badgeMuted = style([
  badge,
  { background: vars.color.surfaceAlt, border: `1px solid ${vars.color.border}` },
]);

export const dialog = style({
  width: 'min(32rem, calc(100vw - 24px))',
  border: 'none',
  borderRadius: tokens.radius.md,
  padding: tokens.space.ml,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: { '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' } },
});
export const dialogTitle = style({
  fontSize: '1.25rem',
  marginBottom: tokens.space.ms,
  outline: 'none',
  boxShadow: 'none',
});

export const timeline = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md });
export const timelineItem = style({
  borderLeft: `4px solid ${vars.color.border}`,
  padding: `${tokens.space.sm} 0 ${tokens.space.sm} ${tokens.space.md}`,
});
export const timelineCurrent = style({ borderLeftColor: vars.color.brand });
export const changes = style({ margin: `${tokens.space.sm} 0 0`, paddingLeft: tokens.space.ml });
export const note = style({ margin: `${tokens.space.ms} 0 0`, overflowWrap: 'anywhere' });
/**
 * Lines whose answer arrives after the page (the change-of-journey check, the calling points'
 * status): on a phone they keep room for the longest answer's lines from the first paint, so the
 * page below does not move when it comes (no layout shift). Wide screens fit it on one line.
 */
export const changeNote = style([note, { minHeight: '3lh', '@media': { [mq.small]: { minHeight: 0 } } }]);
export const callingStatus = style([meta, { minHeight: '2lh', '@media': { [mq.small]: { minHeight: 0 } } }]);
export const subheading = style({ fontSize: '1rem', margin: `${tokens.space.ms} 0 0` });
/**
 * An issued ticket's Aztec code: black on white whatever the portal's theme (a scanner needs the
 * contrast), a quiet zone of white around it, and a fixed square box reserved before the code is
 * drawn, so nothing below moves when it appears. 220 px fits a 375 px screen with the page's margins.
 */
export const ticketCode = style({
  display: 'grid',
  placeItems: 'center',
  width: 'min(100%, 220px)',
  aspectRatio: '1',
  padding: tokens.space.ms,
  background: '#fff',
  color: '#111',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  margin: `0 0 ${tokens.space.ms}`,
  boxSizing: 'border-box',
});
export const ticketCodeImage = style({ width: '100%', height: '100%', imageRendering: 'pixelated' });
export const documentActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
  margin: `${tokens.space.ms} 0 0`,
});
