import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { space } from './tokens';
import { breakpoints } from './breakpoints';

const layout = defineProperties({
  conditions: {
    mobile: {},
    small: { '@media': `screen and (min-width: ${breakpoints.small}px)` },
    medium: { '@media': `screen and (min-width: ${breakpoints.medium}px)` },
    large: { '@media': `screen and (min-width: ${breakpoints.large}px)` },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'flex', 'block', 'grid', 'inline-flex'],
    flexDirection: ['row', 'column'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['flex-start', 'center', 'flex-end', 'space-between'],
    gap: space,
    paddingTop: space,
    paddingBottom: space,
    paddingLeft: space,
    paddingRight: space,
    marginTop: space,
    marginBottom: space,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

export const sprinkles = createSprinkles(layout);
export type Sprinkles = Parameters<typeof sprinkles>[0];
