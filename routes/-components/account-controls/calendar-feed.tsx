import { useId, useState } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import { calendarFeedMessages } from '#src/copy/calendar-feed';
import type { CalendarFeedState } from '#src/schemas/calendar-feed';
import { formatDate } from '#src/i18n/format';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { linkButton } from '#src/ui/link-button.css';
import { Loading } from '#src/ui/page';
import { NeedsConnection } from '../needs-connection';
import * as styles from './account-controls.css';
import { m } from '#src/paraglide/messages.js';
import { calendarFeedFlow } from './calendar-feed.flow';

/** `webcal:` opens the address in the device's calendar app as a subscription (Apple, Outlook; Google reads https). */
const webcal = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * "Your journeys in your calendar" (decision 191): an opt-in private feed address that
 * calendars subscribe to; shown once when made, with Copy; a new address or Turn off, each asked first.
 */
export function CalendarFeedSection({ first }: { first?: FirstData<CalendarFeedState> | undefined } = {}) {
  const { locale } = useServices();
  // The feed's settings its route loaded (docs/decisions/730), else the chart asks for them.
  const [snapshot, send] = calendarFeedFlow.useFlow({ input: { first } });
  const { offline } = useConnection();
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const addressId = useId();
  const offlineId = useId();
  const { enabled, createdAt, url, error, turnedOff } = snapshot.context;
  const creating = snapshot.matches('creating');
  const removing = snapshot.matches('removing');
  const needsServer = offline ? { disabled: true, 'aria-describedby': offlineId } : {};

  // The host does not offer a calendar feed (a 404 from a call beyond docs/product/api.md): no section.
  if (snapshot.matches('absent')) return null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, or permission refused): the field is selected for copying by hand.
      document.getElementById(addressId)?.focus();
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {m.calendar_feed_heading()}
      </h2>
      <p className={styles.intro}>{m.calendar_feed_intro()}</p>
      <p className={styles.intro}>{m.calendar_feed_ends_on_recovery()}</p>
      {snapshot.matches('loading') && <Loading />}
      {snapshot.matches('loadFailed') && (
        <>
          <Alert tone="error">{calendarFeedMessages.loadError}</Alert>
          <Button onClick={() => send({ type: 'feed.retry' })}>{m.common_try_again()}</Button>
        </>
      )}
      <div aria-live="polite">
        {error === 'CHANGE_FAILED' && <Alert tone="error">{calendarFeedMessages.changeError}</Alert>}
        {turnedOff && <Alert tone="success">{m.calendar_feed_turned_off()}</Alert>}
      </div>
      {offline && !snapshot.matches('loading') && !snapshot.matches('loadFailed') && <NeedsConnection id={offlineId} />}
      {(snapshot.matches('off') || (creating && !enabled)) && (
        <>
          <p>{m.calendar_feed_privacy()}</p>
          <Button
            busy={creating}
            busyLabel={m.calendar_feed_turning_on()}
            disabled={creating}
            onClick={() => send({ type: 'feed.enable' })}
            {...needsServer}
          >
            {m.calendar_feed_turn_on()}
          </Button>
        </>
      )}
      {enabled && !snapshot.matches('loading') && (
        <>
          {createdAt && (
            <p>
              {m.calendar_feed_on_since({
                date: formatDate(createdAt, locale.tag, { day: 'numeric', month: 'short', year: 'numeric' }),
              })}
            </p>
          )}
          {url && (
            <div>
              <label htmlFor={addressId}>{m.calendar_feed_address_label()}</label>
              <input
                id={addressId}
                className={styles.address}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <p className={styles.intro}>{m.calendar_feed_copy_now()}</p>
              <div className={styles.actions}>
                <Button onClick={() => void copy()}>
                  {copied ? m.calendar_feed_copied() : m.calendar_feed_copy()}
                </Button>
                <a className={linkButton} href={webcal(url)}>
                  {m.calendar_feed_subscribe()}
                </a>
              </div>
            </div>
          )}
          <div className={styles.actions}>
            <Button
              tone="secondary"
              onClick={() => send({ type: 'feed.regenerate' })}
              disabled={creating || removing}
              {...needsServer}
            >
              {m.calendar_feed_new_address()}
            </Button>
            <Button
              tone="secondary"
              onClick={() => send({ type: 'feed.disable' })}
              disabled={creating || removing}
              {...needsServer}
            >
              {m.calendar_feed_turn_off()}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={snapshot.matches('confirmingRegenerate') || (creating && enabled)}
        title={m.calendar_feed_new_address_title()}
        confirmLabel={m.calendar_feed_new_address()}
        busy={creating}
        busyLabel={m.calendar_feed_turning_on()}
        onConfirm={() => send({ type: 'feed.confirm' })}
        onCancel={() => send({ type: 'feed.cancel' })}
      >
        <p>{m.calendar_feed_old_address_stops()}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={snapshot.matches('confirmingDisable') || removing}
        title={m.calendar_feed_turn_off_title()}
        confirmLabel={m.calendar_feed_turn_off()}
        busy={removing}
        busyLabel={m.calendar_feed_turning_off()}
        onConfirm={() => send({ type: 'feed.confirm' })}
        onCancel={() => send({ type: 'feed.cancel' })}
      >
        <p>{m.calendar_feed_old_address_stops()}</p>
      </ConfirmDialog>
    </section>
  );
}
