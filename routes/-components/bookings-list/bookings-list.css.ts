import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

/*
 * One row of tabs that scrolls sideways when it is wider than the screen, rather than wrapping:
 * the counts and the guest tab arrive with the list, and a row that wrapped then grew by a line or
 * two and pushed the list down as it appeared (no layout shift: CLS 0). The rules are drawn with inset
 * shadows, because a scrolling box clips what hangs over its edge.
 */
export const tabs = style({
  // The tabs' offsetLeft is measured from the row (bookings-screen.tsx scrolls the current one in).
  position: 'relative',
  display: 'flex',
  flexWrap: 'nowrap',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'thin',
  columnGap: tokens.space.xs,
  boxShadow: `inset 0 -2px 0 ${vars.color.border}`,
  // A cue that more tabs lie off-screen (Season tickets and Guest bookings at 320 px): a shadow at
  // the edge the row can still scroll towards, covered by a white band once it is scrolled there
  // (the bands scroll with the content, the shadows stay with the box).
  background: [
    `linear-gradient(to right, ${vars.color.surface} 30%, rgba(255, 255, 255, 0)) left center / 40px 100% no-repeat local`,
    `linear-gradient(to left, ${vars.color.surface} 30%, rgba(255, 255, 255, 0)) right center / 40px 100% no-repeat local`,
    'linear-gradient(to right, rgba(0, 0, 0, 0.3), rgba(0, 0, 0, 0)) left center / 16px 100% no-repeat scroll',
    'linear-gradient(to left, rgba(0, 0, 0, 0.3), rgba(0, 0, 0, 0)) right center / 16px 100% no-repeat scroll',
  ].join(', '),
  marginBottom: tokens.space.md,
  listStyle: 'none',
  padding: 0,
  marginTop: 0,
});
export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  minHeight: '44px',
  padding: `${tokens.space.sm} ${tokens.space.ms}`,
  whiteSpace: 'nowrap',
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: {
    '&[aria-current="page"]': { boxShadow: `inset 0 -4px 0 ${vars.color.brand}`, color: vars.color.brand },
    '&:hover': { background: vars.color.surfaceAlt },
    // Inside the tab: the scrolling row would clip a ring drawn outside it.
    // The two-colour ring (theme.css.ts), drawn inward: black at the edge, yellow inside it.
    '&:focus-visible': { outlineOffset: '-3px', boxShadow: `inset 0 0 0 6px ${vars.color.focus}` },
  },
});
/*
 * A count's badge is as wide for 1 as for 999, and holds its place (hidden) until the counts arrive:
 * a badge that appeared or grew pushed the tabs after it sideways (no layout shift: CLS 0).
 */
export const count = style({
  display: 'inline-block',
  minWidth: '3ch',
  fontVariantNumeric: 'tabular-nums',
  padding: '0 6px',
  borderRadius: tokens.radius.pill,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontSize: '0.8125rem',
  textAlign: 'center',
});
export const countPending = style({ visibility: 'hidden' });
export const panelHeading = style({ fontSize: '1.125rem', margin: `0 0 ${tokens.space.ms}` });
export const list = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space.ms });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: '14px 16px',
  display: 'grid',
  gap: tokens.space.sm,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.medium]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'start' } },
});
/** The journey's times lead the card: larger, tabular figures. */
export const times = style({
  margin: `0 0 ${tokens.space.xxs}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  // A flex item's leading space is dropped: the gap stands in for the space before each " · ", as wide.
  columnGap: '0.3em',
});
export const timesSpan = style({
  fontSize: '1.375rem',
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  lineHeight: 1.2,
});
export const departsIn = style({ fontWeight: 700, color: vars.color.brand, fontSize: '0.9375rem' });
export const cardTitle = style({ fontSize: '1.0625rem', margin: 0, overflowWrap: 'anywhere' });
export const cardLink = style({ color: vars.color.brand });
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: '0.9375rem' });
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: tokens.space.ms,
  rowGap: tokens.space.xxs,
  margin: 0,
  fontSize: '0.9375rem',
});
export const term = style({ color: vars.color.textMuted });
export const definition = style({ margin: 0 });
export const side = style({
  display: 'flex',
  flexDirection: 'row',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: tokens.space.sm,
  '@media': { [mq.medium]: { flexDirection: 'column', alignItems: 'flex-end' } },
});
export const price = style({ fontSize: '1.125rem', fontWeight: 700 });
export const badge = style({
  display: 'inline-block',
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  fontSize: '0.8125rem',
  fontWeight: 600,
  background: vars.color.accent,
  color: vars.color.text,
});
export const badgeMuted = style([badge, { background: vars.color.surfaceAlt }]);
export const more = style({
  marginTop: tokens.space.md,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: tokens.space.ms,
});
export const empty = style({
  padding: `${tokens.space.lg} ${tokens.space.md}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  textAlign: 'center',
});
export const associate = style({
  border: `2px solid ${vars.color.brand}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  marginBottom: tokens.space.md,
});
export const associateHeading = style({ fontSize: '1.125rem', margin: `0 0 ${tokens.space.sm}` });
