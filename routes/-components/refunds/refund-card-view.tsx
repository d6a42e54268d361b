import type { ActorRefFrom } from 'xstate';
import type { refundCardFormMachine } from '#machines/refund-card-form';
import { rich } from '#src/i18n/rich';
import { Alert } from '#src/ui/alert';
import { CardForm } from './card-form';
import type { RefundView } from './refund-view';
import { m } from '#src/paraglide/messages.js';

/** `cardForm`: the card was declined or is needed; the card form (refundCardFormMachine, the child actor) takes another. */
export function cardFormView(v: RefundView, child: ActorRefFrom<typeof refundCardFormMachine> | undefined) {
  const { context: c, send } = v;
  const declined = c.requestError === 'INVALID_CREDIT_CARD';
  // A new card declined: the card form ties the refusal to its card number, in its error summary.
  const newCardDeclined =
    declined && c.declinedCard
      ? m.refund_request_new_card_declined({ brand: c.declinedCard.brand, last4: c.declinedCard.last4 })
      : null;
  return (
    <>
      {newCardDeclined ? null : declined ? (
        <Alert tone="error" title={m.refund_screen_your_card_was_declined()}>
          <p>{m.refund_request_card_declined()}</p>
        </Alert>
      ) : (
        <Alert tone="info" title={m.refund_screen_we_need_a_card_for()}>
          <p>{m.refund_screen_the_card_you_paid_with()}</p>
        </Alert>
      )}
      {c.quote?.cancellationDetails && (
        <p>{rich(m.refund_screen_refund, { amount: <strong>{v.money(c.quote.cancellationDetails.total)}</strong> })}</p>
      )}
      {child && (
        <CardForm actor={child} onCancel={() => send({ type: 'card.cancel' })} numberRefusal={newCardDeclined} />
      )}
    </>
  );
}
