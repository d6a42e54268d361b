import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.ms,
  alignItems: 'center',
  marginBottom: tokens.space.ml,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space.md });
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  background: vars.color.surface,
});
export const cardHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: tokens.space.sm,
  marginBottom: tokens.space.sm,
});
export const name = style({ fontSize: '1.125rem', margin: 0, overflowWrap: 'anywhere' });
export const meta = style({
  color: vars.color.textMuted,
  margin: `0 0 ${tokens.space.sm}`,
  fontSize: '0.9375rem',
  overflowWrap: 'anywhere',
});
export const badge = style({
  display: 'inline-block',
  fontSize: '0.8125rem',
  fontWeight: 700,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
  background: vars.color.infoBg,
  color: vars.color.info,
});
export const railcards = style({
  listStyle: 'none',
  margin: `${tokens.space.sm} 0`,
  padding: 0,
  display: 'grid',
  gap: tokens.space.sm,
});
export const railcard = style({
  display: 'grid',
  gap: `${tokens.space.xs} ${tokens.space.ms}`,
  padding: '10px 12px',
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
  '@media': { [mq.small]: { gridTemplateColumns: '1fr auto', alignItems: 'center' } },
});
export const railcardName = style({ fontWeight: 600 });
export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${tokens.space.sm} ${tokens.space.md}`,
  alignItems: 'center',
});
export const status = style({
  fontSize: '0.8125rem',
  fontWeight: 700,
  padding: `${tokens.space.xxs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.pill,
});
export const statusValid = style([status, { background: vars.color.successBg, color: vars.color.success }]);
export const statusExpired = style([status, { background: vars.color.dangerBg, color: vars.color.danger }]);
export const empty = style({ color: vars.color.textMuted });

export const fieldset = style({ border: 0, padding: 0, margin: `0 0 ${tokens.space.md}`, minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: tokens.space.xs });
export const dateParts = style({ display: 'flex', gap: tokens.space.ms, flexWrap: 'wrap', marginTop: tokens.space.xs });
export const datePart = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });
export const dateLabel = style({ fontSize: '0.9375rem' });
export const datePartShort = style({ width: '4.5rem', flex: '0 0 auto' });
export const datePartLong = style({ width: '6.5rem', flex: '0 0 auto' });
export const note = style({
  padding: `${tokens.space.ms} ${tokens.space.md}`,
  background: vars.color.surfaceAlt,
  borderRadius: '6px',
  margin: `${tokens.space.md} 0 0`,
});
