import { formatDate } from '#src/i18n/format';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { m } from '#src/paraglide/messages.js';

/**
 * "Offline: last updated <time>" above the account's screens while the page reads what the service
 * worker kept, or the browser has no connection (decision 250). The live region is always there, so
 * going offline is announced.
 */
export function OfflineBanner() {
  const { offline, since } = useConnection();
  const { locale } = useServices();
  const time = since
    ? formatDate(since, locale.tag, {
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/London',
      })
    : null;
  return (
    <div aria-live="polite">
      {offline && <Alert tone="info">{time ? m.offline_last_updated({ time }) : m.offline_no_connection()}</Alert>}
    </div>
  );
}
