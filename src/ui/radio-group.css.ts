import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';

/**
 * The radio group's look (src/ui/radio-group.tsx): a fieldset without a frame, its legend in the
 * form's label weight, one option a row at least 44 px high (WCAG 2.5.8) with a 22 px radio in the
 * brand's colour. The focus ring is every control's (src/styles/theme.css.ts `:focus-visible`,
 * two colours 14.6:1 apart, so 3:1 against any background).
 */
export const fieldset = style({ border: 'none', padding: 0, margin: `0 0 ${tokens.space.md}`, minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: tokens.space.sm });
export const hint = style({ color: vars.color.textMuted, fontSize: '0.875rem', margin: `0 0 ${tokens.space.sm}` });
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: '10px',
  minHeight: '44px',
  overflowWrap: 'anywhere',
});
export const radio = style({ width: '22px', height: '22px', margin: 0, flexShrink: 0, accentColor: vars.color.brand });
/** An option's own note (why it cannot be chosen): under its label, past the radio. */
export const description = style({ margin: `0 0 ${tokens.space.xs} 32px` });
