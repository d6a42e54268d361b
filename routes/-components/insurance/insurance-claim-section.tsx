import { useEffect, useId, useRef, useState } from 'react';
import { insuranceClaimStatus, insuranceModalStatuses } from '#machines/insurance-claim';
import { insuranceErrorWords } from './insurance-words';
import { newKeySeed } from '#src/api/idempotency';
import { formatMoney } from '#src/i18n/format';
import type { InsuranceKind, InsuranceProduct } from '#src/schemas/insurance';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { buttonClass } from '#src/ui/button-class';
import * as actionStyles from '../booking-actions.css';
import { ukDate } from '../booking-format';
import { m } from '#src/paraglide/messages.js';
import { NeedsConnection } from '../needs-connection';
import { useLostAnswerPhase } from '../lost-answer';
import { insuranceClaimFlow } from './insurance-claim.flow';

export const insuranceNames: Record<InsuranceKind, string> = {
  Essential: m.insurance_claim_section_essential(),
  Trip: m.insurance_claim_section_trip(),
  TripCover: m.insurance_claim_section_trip_cover(),
};
const insuranceCover: Record<InsuranceKind, string> = {
  Essential: m.insurance_claim_section_essential_cover(),
  Trip: m.insurance_claim_section_trip_cover_text(),
  TripCover: m.insurance_claim_section_tripcover_cover(),
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

function InsuranceProductItem({
  orderId,
  product,
  onClaimed,
}: {
  orderId: string;
  product: InsuranceProduct;
  onClaimed: () => void;
}) {
  const { locale } = useServices();
  const opener = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // Offline a claim cannot be made: the button stays, disabled, with the reason (decision 251).
  const { offline } = useConnection();
  const offlineReason = useId();
  const name = insuranceNames[product.kind];

  const [keySeed] = useState(newKeySeed);
  const [snapshot, send] = insuranceClaimFlow.useFlow({
    input: { orderId, insuranceProductId: product.id, keySeed },
  });
  // The claim is made and the debounce over: the booking is fetched again.
  const refreshed = snapshot.matches('refreshed');
  useEffect(() => {
    if (refreshed) onClaimed();
  }, [refreshed, onClaimed]);
  const phase = useLostAnswerPhase(snapshot.children.submitClaim);
  const unconfirmed = phase === 'unconfirmed';
  const status = insuranceClaimStatus(snapshot, unconfirmed);
  const modalOpen = insuranceModalStatuses.includes(status);
  const { errorType, errorReason, detail, reference } = snapshot.context;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (modalOpen && !dialog.open) {
      dialog.showModal();
      // Focus starts on Cancel, as in the other confirmations: one Enter must not send a claim.
      dialog.querySelector<HTMLButtonElement>('[data-initial-focus]')?.focus();
    } else if (!modalOpen && dialog.open) {
      dialog.close();
      if (status === 'CLAIM_SUCCESS') resultRef.current?.focus();
      else opener.current?.focus();
    }
  }, [modalOpen, status]);
  // A failed or unconfirmed claim: the submit button (disabled while sending, so focus left it) takes
  // focus again, beside the message saying what happened.
  useEffect(() => {
    if (status === 'CLAIM_FAILED')
      dialogRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [status]);
  // A refused or failed check: the result takes focus so it is read out.
  useEffect(() => {
    if (status === 'ELIGIBILITY_FAILED') resultRef.current?.focus();
  }, [status]);

  const claimed = product.claim;
  const requesting = status === 'CLAIM_REQUEST';
  return (
    <>
      <h3 className={actionStyles.itemTitle}>{name}</h3>
      <p className={actionStyles.hint}>{insuranceCover[product.kind]}</p>
      <p className={actionStyles.hint}>
        {m.insurance_claim_section_paid()}{' '}
        {formatMoney(product.premium.amount, product.premium.currencyCode, locale.tag)}
      </p>
      {offline && <NeedsConnection id={offlineReason} />}
      <div ref={resultRef} tabIndex={-1} className={actionStyles.stretch}>
        {status === 'ELIGIBILITY_FAILED' && (
          <Alert tone="error" title={insuranceErrorWords[errorReason ?? 'check-failed']()}>
            {errorType === 'ineligible-product' ? (
              <p>{detail ?? m.insurance_claim_section_this_cover_does_not_apply()}</p>
            ) : (
              <p>{m.insurance_claim_section_please_try_again_in_a()}</p>
            )}
          </Alert>
        )}
        {status === 'CLAIM_SUCCESS' && (
          <Alert tone="success" title={m.insurance_claim_section_your_insurance_claim_has_been()}>
            <p>
              {reference
                ? m.insurance_claim_section_well_email_you_about_your_reference({ reference })
                : m.insurance_claim_section_well_email_you_about_your()}
            </p>
          </Alert>
        )}
      </div>
      {claimed ? (
        <p className={actionStyles.hint}>
          {m.insurance_claim_section_claim_made_on_reference({
            date: ukDate(claimed.claimedAt, locale.tag),
            reference: claimed.reference,
          })}
        </p>
      ) : (
        status !== 'CLAIM_SUCCESS' &&
        !(status === 'ELIGIBILITY_FAILED' && errorType === 'ineligible-product') && (
          <button
            ref={opener}
            type="button"
            className={buttonClass({ tone: 'secondary' })}
            aria-haspopup="dialog"
            aria-busy={status === 'ELIGIBILITY_REQUEST' || undefined}
            // aria-disabled, not disabled: the button keeps the focus while the cover is checked.
            aria-disabled={status === 'ELIGIBILITY_REQUEST' || offline || undefined}
            aria-describedby={offline ? offlineReason : undefined}
            onClick={() => {
              if (status !== 'ELIGIBILITY_REQUEST' && !offline) send({ type: 'insurance.checkEligibility' });
            }}
          >
            {status === 'ELIGIBILITY_REQUEST'
              ? m.insurance_claim_section_checking_your_cover()
              : m.insurance_claim_section_claim_on_your_insurance()}
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
                {m.insurance_claim_section_claim_on_your({ name })}
              </h2>
              <button
                type="button"
                className={actionStyles.closeButton}
                aria-label={m.common_close()}
                disabled={requesting}
                onClick={() => send({ type: 'modal.close' })}
              >
                ×
              </button>
            </div>
            <p id={descriptionId} className={actionStyles.dialogIntro}>
              {m.insurance_claim_section_your_cover_applies_to_this()}
            </p>
            {status === 'CLAIM_FAILED' &&
              (unconfirmed ? (
                <Alert tone="info">{m.insurance_claim_unconfirmed()}</Alert>
              ) : (
                <Alert tone="error">{m.insurance_claim_claim_failed()}</Alert>
              ))}
            <div className={actionStyles.actions}>
              <Button
                type="submit"
                busy={requesting}
                busyLabel={
                  phase === 'checking'
                    ? m.insurance_claim_checking()
                    : m.insurance_claim_section_submitting_your_claim()
                }
                disabled={requesting}
              >
                {unconfirmed ? m.common_check_again() : m.insurance_claim_section_submit_claim()}
              </Button>
              <Button
                tone="secondary"
                data-initial-focus
                disabled={requesting}
                onClick={() => send({ type: 'modal.close' })}
              >
                {m.common_cancel()}
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
