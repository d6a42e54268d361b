import { createFileRoute } from '@tanstack/react-router';
import { PassengersPage } from './-components/passengers/passengers-page';

export const Route = createFileRoute('/_account/_passengers-feature/passengers-and-railcards/')({
  component: PassengersPage,
});
