/** Copy of the personal details screen added for issue 8 (docs/decisions/160); moves to the catalogue at merge. */
export const personalDetailsCopy = {
  draftRestored: "You were signed out before your changes were saved. We've kept what you typed: check it and save again.",
} as const;
