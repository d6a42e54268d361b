import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  insuranceClaimMachine,
  insuranceClaimMessages,
  insuranceClaimStatus,
  insuranceModalStatuses,
} from '#machines/insurance-claim';
import { insuranceApi } from '#src/api/insurance';
import { formatMoney } from '#src/i18n/format';
import type { InsuranceKind, InsuranceProduct } from '#src/schemas/insurance';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as buttonStyles from '#src/ui/button.css';
import * as actionStyles from '../booking-actions.css';
import { ukDate } from '../booking-format';

export const insuranceNames: Record<InsuranceKind, string> = {
  Essential: 'Essential flexible insurance',
  Trip: 'Trip flexible insurance',
  TripCover: 'TripCover flexible insurance',
};
const insuranceCover: Record<InsuranceKind, string> = {
  Essential: "Refunds your tickets if you can't travel for a covered reason, such as illness. Claim before your journey departs.",
  Trip: 'Covers your tickets before you travel and during your trip, until 30 days after your journey.',
  TripCover: 'Covers you before you travel, and after departure if your journey is disrupted.',
};

/** Flexible insurance bought with a booking, each with "Claim on your insurance" (booking detail). */
export function InsuranceSection({
  orderId,
  products,
  onClaimed,
}: {
  orderId: string;
  products: InsuranceProduct[];
  /** Reloads the booking (booking detail's `booking.reload`), 400 ms after a claim succeeds. */
  onClaimed: () => void;
}) {
  return (
    <ul className={actionStyles.list}>
      {products.map((product) => (
        <li key={product.id} className={actionStyles.item}>
          <InsuranceProductItem orderId={orderId} product={product} onClaimed={onClaimed} />
        </li>
      ))}
    </ul>
  );
}

function InsuranceProductItem({ orderId, product, onClaimed }: { orderId: string; product: InsuranceProduct; onClaimed: () => void }) {
  const { api, locale } = useServices();
  const insurance = useMemo(() => insuranceApi(api), [api]);
  const opener = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const name = insuranceNames[product.kind];

  const [snapshot, send] = useMachine(
    insuranceClaimMachine.provide({
      actors: {
        checkEligibility: fromPromise(({ input }) => insurance.checkEligibility(input.orderId, input.insuranceProductId)),
        submitClaim: fromPromise(({ input }) => insurance.claim(input.orderId, input.insuranceProductId, input.claimId)),
      },
      actions: { refreshBooking: () => onClaimed() },
    }),
    { input: { orderId, insuranceProductId: product.id } },
  );
  const status = insuranceClaimStatus(snapshot);
  const modalOpen = insuranceModalStatuses.includes(status);
  const { errorType, errorMessage, detail, reference } = snapshot.context;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (modalOpen && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    } else if (!modalOpen && dialog.open) {
      dialog.close();
      if (status === 'CLAIM_SUCCESS') resultRef.current?.focus();
      else opener.current?.focus();
    }
  }, [modalOpen, status]);
  // A refused or failed check: the result takes focus so it is read out.
  useEffect(() => {
    if (status === 'ELIGIBILITY_FAILED') resultRef.current?.focus();
  }, [status]);

  const claimed = product.claim;
  const requesting = status === 'CLAIM_REQUEST';
  return (
    <>
      <p className={actionStyles.itemTitle}>{name}</p>
      <p className={actionStyles.hint}>{insuranceCover[product.kind]}</p>
      <p className={actionStyles.hint}>Paid {formatMoney(product.premium.amount, product.premium.currencyCode, locale.tag)}</p>
      <div ref={resultRef} tabIndex={-1} className={actionStyles.stretch}>
        {status === 'ELIGIBILITY_FAILED' && (
          <Alert tone="error" title={errorMessage ?? insuranceClaimMessages.systemError}>
            {errorType === 'ineligible-product' ? (
              <p>{detail ?? 'This cover does not apply to your booking now.'}</p>
            ) : (
              <p>Please try again in a moment.</p>
            )}
          </Alert>
        )}
        {status === 'CLAIM_SUCCESS' && (
          <Alert tone="success" title="Your insurance claim has been submitted">
            <p>
              We'll email you about your refund{reference ? `. Your claim reference is ${reference}` : ''}.
            </p>
          </Alert>
        )}
      </div>
      {claimed ? (
        <p className={actionStyles.hint}>
          Claim made on {ukDate(claimed.claimedAt, locale.tag)}, reference {claimed.reference}.
        </p>
      ) : (
        status !== 'CLAIM_SUCCESS' &&
        !(status === 'ELIGIBILITY_FAILED' && errorType === 'ineligible-product') && (
          <button
            ref={opener}
            type="button"
            className={buttonStyles.button({ tone: 'secondary' })}
            aria-haspopup="dialog"
            aria-busy={status === 'ELIGIBILITY_REQUEST' || undefined}
            disabled={status === 'ELIGIBILITY_REQUEST'}
            onClick={() => send({ type: 'insurance.checkEligibility' })}
          >
            {status === 'ELIGIBILITY_REQUEST' ? 'Checking your cover…' : 'Claim on your insurance'}
          </button>
        )
      )}
      <dialog
        ref={dialogRef}
        className={actionStyles.dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        onCancel={(e) => {
          // Escape: not while the claim is being sent; otherwise it closes (and resets) the modal.
          e.preventDefault();
          if (!requesting) send({ type: 'modal.close' });
        }}
      >
        {modalOpen && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'insurance.claim' });
            }}
          >
            <div className={actionStyles.dialogHeader}>
              <h2 id={titleId} className={actionStyles.dialogTitle}>
                Claim on your {name}
              </h2>
              <button
                type="button"
                className={actionStyles.closeButton}
                aria-label="Close"
                disabled={requesting}
                onClick={() => send({ type: 'modal.close' })}
              >
                ×
              </button>
            </div>
            <p id={descriptionId} className={actionStyles.dialogIntro}>
              Your cover applies to this booking. When you submit your claim, we'll refund the tickets it covers to the
              card you paid with.
            </p>
            {status === 'CLAIM_FAILED' && <Alert tone="error">{insuranceClaimMessages.claimFailed}</Alert>}
            <div className={actionStyles.actions}>
              <Button type="submit" busy={requesting} busyLabel="Submitting your claim…" disabled={requesting}>
                Submit claim
              </Button>
              <Button tone="secondary" disabled={requesting} onClick={() => send({ type: 'modal.close' })}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
