import { createFileRoute } from '@tanstack/react-router';
import { PaymentMethodsPage } from './-components/payment-methods/payment-methods-page';

export const Route = createFileRoute('/_account/payment-methods')({
  component: PaymentMethodsPage,
});
