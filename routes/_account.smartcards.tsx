import { createFileRoute } from '@tanstack/react-router';
import { SmartcardsPage } from './-components/smartcards/smartcards-page';

export const Route = createFileRoute('/_account/smartcards')({
  component: SmartcardsPage,
});
