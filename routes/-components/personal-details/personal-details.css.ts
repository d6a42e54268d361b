import { style } from '@vanilla-extract/css';
import { tokens, vars } from '#src/styles/theme.css';

export const note = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: tokens.space.md });
