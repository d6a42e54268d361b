import { notFound } from '@tanstack/react-router';
import type { AppServices } from '../../../src/services';

/** Passenger assistance sits behind `enable-passenger-assistance`: off means the not-found screen. */
export const requireAssistanceFeature = ({ context }: { context: AppServices }) => {
  if (!context.pageData.features['enable-passenger-assistance']) throw notFound();
};
