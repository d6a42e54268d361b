import { createFileRoute } from '@tanstack/react-router';
import { requirePassengersFeature } from './-components/passengers/feature';
import { PassengerFormPage } from './-components/passengers/passenger-form-page';

export const Route = createFileRoute('/_account/passengers-and-railcards/add-passenger')({
  beforeLoad: requirePassengersFeature,
  component: () => <PassengerFormPage mode="add" />,
});
