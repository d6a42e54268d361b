import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { CheckAgain } from '../check-again';
import { ContactDetails } from '../contact-details';
import { refundProblemText } from './refund-copy';
import type { RefundView } from './refund-view';
import * as styles from './refunds.css';
import { m } from '#src/paraglide/messages.js';

/** The refund page's failures and the request's outcomes short of success (which leaves the page). */

/** `quoteFailed`: the quote for a reason could not be worked out; try again or close. */
export function quoteFailedView({ context: c, send }: RefundView) {
  return (
    <Alert tone="error" title={m.refund_screen_we_couldnt_work_out_your()}>
      <p>{refundProblemText(c.quoteError, m.refund_request_quote_failed())}</p>
      <div className={styles.actions}>
        <Button onClick={() => send({ type: 'quote.retry' })}>{m.common_try_again()}</Button>
        <Button tone="secondary" onClick={() => send({ type: 'quote.dismiss' })}>
          {m.common_close()}
        </Button>
      </div>
    </Alert>
  );
}

/** `unconfirmed`: the request's answer was lost and checking did not find the refund; check again. */
export function unconfirmedView({ send, back }: RefundView) {
  return (
    <Alert tone="info">
      <p>{m.refund_request_unconfirmed()}</p>
      <div className={styles.actions}>
        <CheckAgain onCheck={() => send({ type: 'refund.check' })} />
        {back}
      </div>
    </Alert>
  );
}

/** `requestFailed`: the request was refused or failed; try again. */
export function requestFailedView({ context: c, send }: RefundView) {
  return (
    <Alert tone="error" title={m.refund_screen_your_refund_didnt_go_through()}>
      <p>
        {refundProblemText(
          typeof c.requestError === 'string' ? { code: c.requestError, detail: null } : c.requestError,
          m.refund_request_request_failed(),
        )}
      </p>
      <Button onClick={() => send({ type: 'refund.retry' })}>{m.common_try_again()}</Button>
    </Alert>
  );
}

/** `fraudHeld`: the order is held for checks; only customer service can refund it. */
export function fraudHeldView({ back }: RefundView) {
  return (
    <>
      <Alert tone="error" title={m.refund_screen_we_cant_complete_this_refund()}>
        <p>{m.refund_request_fraud()}</p>
        <ContactDetails />
      </Alert>
      <p>{back}</p>
    </>
  );
}
