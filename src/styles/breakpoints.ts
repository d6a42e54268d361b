/** docs/product/constants.md: small 600, medium 768, large 991, extra large 1200 (min-widths in px). */
export const breakpoints = { small: 600, medium: 768, large: 991, extraLarge: 1200 } as const;

export const mq = {
  small: `screen and (min-width: ${breakpoints.small}px)`,
  medium: `screen and (min-width: ${breakpoints.medium}px)`,
  large: `screen and (min-width: ${breakpoints.large}px)`,
  extraLarge: `screen and (min-width: ${breakpoints.extraLarge}px)`,
} as const;
