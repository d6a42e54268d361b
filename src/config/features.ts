/** Feature flags named by the spec and docs/product/hosting.md. Every flag defaults to on. */
export const featureNames = [
  'passengers-and-railcards',
  'change-email',
  'on-demand-tickets',
  'enable-passenger-assistance',
  'refund-ineligibility-enhanced-view',
] as const;
export type FeatureName = (typeof featureNames)[number];
export type Features = Record<FeatureName, boolean>;

export const defaultFeatures: Features = Object.fromEntries(featureNames.map((n) => [n, true])) as Features;
