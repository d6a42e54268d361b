import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * Pathless layout over every passengers-and-railcards screen: with its feature flag off, each of
 * them is the not-found screen. The one place the
 * flag is checked for routing; screens that only hide a link read the flag themselves.
 */
export const Route = createFileRoute('/_account/_passengers-feature')({
  beforeLoad: ({ context }) => {
    if (!context.pageData.features['passengers-and-railcards']) throw notFound();
  },
});
