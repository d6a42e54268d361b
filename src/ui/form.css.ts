import { style } from '@vanilla-extract/css';

export const form = style({ maxWidth: '32rem' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'center', marginTop: '8px' });
