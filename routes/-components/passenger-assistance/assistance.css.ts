import { style } from '@vanilla-extract/css';
import { vars } from '#src/styles/theme.css';
import { mq } from '#src/styles/breakpoints';

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '8px',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const badge = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 600,
  padding: '2px 8px',
  borderRadius: '999px',
  background: vars.color.infoBg,
  color: vars.color.info,
  border: `1px solid ${vars.color.info}`,
});
/** Links that look like buttons (src/ui/link-button.css.ts). */
export { linkButton, primaryLinkButton } from '#src/ui/link-button.css';
export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '12px',
  alignItems: 'center',
  margin: '0 0 20px',
});
export const section = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: '16px', marginTop: '20px' });
export const sectionTitle = style({ fontSize: '1.25rem', marginBottom: '12px', overflowWrap: 'anywhere' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '12px' });
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: '8px',
  padding: '16px',
  display: 'flex',
  flexDirection: 'column',
  gap: '8px',
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const itemHeading = style({ fontSize: '1.125rem', margin: 0 });
export const cancelledBadge = style({
  display: 'inline-block',
  fontSize: '0.875rem',
  fontWeight: 600,
  padding: '2px 8px',
  borderRadius: '999px',
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '12px',
  alignItems: 'center',
  marginTop: '8px',
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '4px 16px',
  margin: '0 0 16px',
  '@media': { [mq.small]: { gridTemplateColumns: 'max-content minmax(0, 1fr)' } },
});
export const term = style({ fontWeight: 600 });
export const definition = style({ margin: '0 0 8px', overflowWrap: 'anywhere' });
export const fieldset = style({ border: 'none', padding: 0, margin: '0 0 20px', minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: '8px', fontSize: '1.0625rem' });
export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '10px',
  minHeight: '44px',
  padding: '4px 0',
});
export const choiceText = style({ display: 'flex', flexDirection: 'column' });
export const choiceHint = style({ color: vars.color.textMuted, fontSize: '0.875rem' });
export const control = style({
  width: '22px',
  height: '22px',
  flexShrink: 0,
  margin: '2px 0 0',
  accentColor: vars.color.brand,
});
export const textarea = style({
  font: 'inherit',
  minHeight: '6rem',
  padding: '8px 12px',
  border: `2px solid ${vars.color.border}`,
  borderRadius: '4px',
  background: vars.color.surface,
  color: vars.color.text,
  width: '100%',
  maxWidth: '36rem',
  resize: 'vertical',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
export const note = style({ margin: '8px 0 0', overflowWrap: 'anywhere' });
