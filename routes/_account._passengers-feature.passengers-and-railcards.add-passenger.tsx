import { createFileRoute } from '@tanstack/react-router';
import { PassengerFormPage } from './-components/passengers/passenger-form-page';

export const Route = createFileRoute('/_account/_passengers-feature/passengers-and-railcards/add-passenger')({
  component: () => <PassengerFormPage mode="add" />,
});
