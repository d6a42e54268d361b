import { style, globalStyle } from '@vanilla-extract/css';
import { focusRingOnDark, tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const skipLink = style({
  position: 'absolute',
  left: '-9999px',
  top: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  background: vars.color.surface,
  color: vars.color.brand,
  zIndex: 10,
  selectors: {
    '&:focus': { left: '8px', top: '8px' },
    // Shown over the dark header: the dark surface's ring (src/styles/theme.css.ts).
    '&:focus-visible': focusRingOnDark,
  },
});
export const header = style({ background: vars.color.headerBg, color: vars.color.headerText });
// The header is a dark surface: its links and buttons take the dark surface's ring, which outranks
// their hover colours (a class and a pseudo-class and an element).
globalStyle(`${header} a:focus-visible, ${header} button:focus-visible`, focusRingOnDark);
export const headerInner = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${tokens.space.ms} ${tokens.space.md}`,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});
// One row with "Sign out" beside it on a 375 px phone, so the header is as tall signed in as while
// the user is still being fetched (nothing moves when the button appears).
export const brand = style({
  color: vars.color.headerText,
  fontWeight: 700,
  fontSize: '1.125rem',
  textDecoration: 'none',
  '@media': { 'screen and (max-width: 599px)': { fontSize: '1rem' } },
});
globalStyle(`${brand}:hover`, { color: vars.color.headerText, textDecoration: 'underline' });
// The header keeps one height whoever is signed in (no layout shift: CLS 0): the area holds a 40 px
// button in every state, and is that tall while the user is still being fetched and holds nothing.
export const userArea = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.ms,
  flexWrap: 'wrap',
  minHeight: '40px',
});
// On a phone the email address would wrap the header onto a second row (and push the page down
// when it appears); there it is read to screen readers only, beside "Sign out".
export const userEmail = style({
  fontSize: '0.875rem',
  overflowWrap: 'anywhere',
  '@media': {
    'screen and (max-width: 599px)': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});
export const headerButton = style({
  background: 'transparent',
  color: vars.color.headerText,
  border: `2px solid ${vars.color.headerText}`,
  borderRadius: tokens.radius.sm,
  padding: '6px 12px',
  minHeight: '40px',
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'none',
  // Busy: dashed, not faded; opacity would fade the focus ring with it (decision 581).
  selectors: { '&[aria-disabled="true"]': { borderStyle: 'dashed', cursor: 'wait' } },
});
export const main = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${tokens.space.md} ${tokens.space.ms} ${tokens.space.xxl}`,
  '@media': { [mq.small]: { padding: `${tokens.space.lg} ${tokens.space.md} ${tokens.space.xxl}` } },
  // <main> holds the focus only while a screen loads (never a Tab stop): no ring around the page.
  selectors: { '&:focus-visible': { outline: 'none', boxShadow: 'none' } },
});
export const layout = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mq.large]: { gridTemplateColumns: '240px minmax(0, 1fr)', gap: tokens.space.lg } },
});
export const nav = style({ background: vars.color.surface, borderRadius: tokens.radius.md, padding: tokens.space.sm });
export const navToggle = style({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  background: 'transparent',
  border: 'none',
  font: 'inherit',
  fontWeight: 700,
  padding: '10px 8px',
  minHeight: '44px',
  color: vars.color.text,
  cursor: 'pointer',
  '@media': { [mq.large]: { display: 'none' } },
});
export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'none',
  selectors: { '&[data-open="true"]': { display: 'block' } },
  '@media': { [mq.large]: { display: 'block' } },
});
export const navLink = style({
  display: 'block',
  padding: '10px 12px',
  borderRadius: tokens.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt, color: vars.color.text },
    '&[aria-current="page"], &[aria-current="true"], &.active': {
      background: vars.color.accent,
      fontWeight: 700,
      color: vars.color.text,
    },
  },
});
export const headerAlert = style({
  maxWidth: '1200px',
  margin: '0 auto',
  padding: `${tokens.space.sm} ${tokens.space.md} 0`,
});
export const languagePicker = style({
  marginTop: tokens.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: tokens.space.sm,
});
export const languageSummary = style({
  cursor: 'pointer',
  padding: '10px 12px',
  minHeight: '44px',
  display: 'flex',
  alignItems: 'center',
  color: vars.color.text,
});
export const languageList = style({ listStyle: 'none', margin: 0, padding: 0, maxHeight: '60vh', overflowY: 'auto' });
