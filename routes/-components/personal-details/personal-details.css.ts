import { style } from '@vanilla-extract/css';
import { vars } from '../../../src/styles/theme.css';

export const note = style({ color: vars.color.textMuted, marginTop: 0, marginBottom: '16px' });
