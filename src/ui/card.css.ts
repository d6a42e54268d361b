import { style, styleVariants } from '@vanilla-extract/css';
import { tokens, vars } from '../styles/theme.css';
import { space, type Space } from '../styles/tokens';

/**
 * The card and stack primitives, on the spacing tokens: a bordered card whose content is a
 * vertical stack, and a stack (flex column) with a gap from the spacing scale. Card lists
 * (railcards, smartcards, payment cards, addresses) compose these instead of repeating the
 * border, radius, padding and gap in pixels.
 */
export const card = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  minWidth: 0,
});

const spaceKeys = Object.keys(space) as Space[];

/** `stack[gap]`: children one below the other, `gap` apart. */
export const stack = styleVariants(
  Object.fromEntries(
    spaceKeys.map((key) => [key, { display: 'flex', flexDirection: 'column', gap: tokens.space[key] }]),
  ) as Record<Space, { display: 'flex'; flexDirection: 'column'; gap: string }>,
);
