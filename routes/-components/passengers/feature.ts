import { notFound } from '@tanstack/react-router';
import type { AppServices } from '../../../src/services';

/** Passengers and railcards sit behind their feature flag: off means the not-found screen. */
export const requirePassengersFeature = ({ context }: { context: AppServices }) => {
  if (!context.pageData.features['passengers-and-railcards']) throw notFound();
};
