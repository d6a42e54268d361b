import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { PassengersPage } from './-components/passengers/passengers-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/')({
  beforeLoad: requirePassengersFeature,
  component: PassengersPage,
});
