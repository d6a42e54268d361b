import { Link } from '@tanstack/react-router';
import type { FirstData } from '#machines/lib/first-data';
import type { RailcardsListResponse } from '#src/schemas/railcards';
import { useServices } from '#src/services';
import { Loading, Page } from '#src/ui/page';
import { LoadError } from '#src/ui/load-error';
import { Stack } from '#src/ui/stack';
import { isNotFound, problemMessage } from '#src/api/problem';
import { railcardPrice, Terms } from './railcard-facts';
import * as styles from './railcards.css';
import { m } from '#src/paraglide/messages.js';
import { railcardSelectFlow } from './railcard-select.flow';

/**
 * /passengers-and-railcards/{passengerId}/select-railcard: the railcards this passenger can add.
 * `first`: the list its route loaded (docs/decisions/730); without it the chart loads it.
 */
export function SelectRailcardPage({
  passengerId,
  first,
}: {
  passengerId: string;
  first?: FirstData<RailcardsListResponse> | undefined;
}) {
  const { locale } = useServices();
  const [snapshot, send] = railcardSelectFlow.useFlow({ input: { passengerId, first } });
  const { list, error } = snapshot.context;
  // The passenger's name is a local-server extra (decision 230): without it there is no intro and an empty list says "this passenger".
  const who = list?.passenger ? `${list.passenger.firstName} ${list.passenger.lastName}` : null;
  return (
    <Page
      title={m.railcards_select_railcard_page_select_a_railcard()}
      intro={who ? m.railcards_select_railcard_page_choose_a_railcard_to_save({ who }) : undefined}
    >
      {snapshot.matches('loading') && <Loading label={m.railcards_select_railcard_page_loading_railcards()} />}
      {snapshot.matches('failed') && (
        <LoadError
          message={
            isNotFound(error)
              ? m.railcards_select_railcard_page_we_couldnt_find_this_passenger()
              : problemMessage(error, m.railcards_select_railcard_page_sorry_we_could_not_load())
          }
          onRetry={isNotFound(error) ? undefined : () => send({ type: 'list.retry' })}
        />
      )}
      {list &&
        snapshot.matches('loaded') &&
        (list.railcards.length === 0 ? (
          <p className={styles.muted}>
            {who
              ? m.railcards_select_railcard_page_there_are_no_more_railcards({ who })
              : m.railcards_select_railcard_page_no_more_railcards_for_this_passenger()}
          </p>
        ) : (
          <ul className={styles.grid} aria-label={m.railcards_select_railcard_page_railcards_you_can_add()}>
            {list.railcards.map((r) => (
              <li key={r.id} className={styles.option}>
                <div className={styles.optionHeader}>
                  <h2 className={styles.optionName}>{r.name}</h2>
                  <span className={styles.price}>{railcardPrice(r.price, locale.tag)}</span>
                </div>
                <p className={styles.muted}>
                  {r.railcardDetails.discount} · {r.railcardDetails.eligibility}
                </p>
                <p className={styles.muted}>
                  {m.railcards_select_railcard_page_valid_for_months({
                    validityMonths: r.railcardDetails.validityMonths,
                  })}
                </p>
                <Terms text={r.termsAndConditions} />
                <Link
                  to="/passengers-and-railcards/$passengerId/add-railcard/$railcardId"
                  params={{ passengerId, railcardId: r.id }}
                >
                  {m.railcards_select_railcard_page_add_this_railcard()}
                  <span className="visually-hidden">: {r.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      {/* Local-server extras, sent together: the railcards left out are explained by the passenger's name. */}
      {list && snapshot.matches('loaded') && who && list.unavailable && list.unavailable.length > 0 && (
        <Stack as="section" gap="sm" labelledBy="unavailable-heading">
          <h2 id="unavailable-heading" className={styles.optionName}>
            {m.railcards_select_railcard_page_railcards_not_shown()}
          </h2>
          <p className={styles.muted}>{m.railcards_select_railcard_page_only_the_railcards_can_hold({ who })}</p>
          <ul aria-labelledby="unavailable-heading">
            {list.unavailable.map((r) => (
              <li key={r.id}>
                {r.name}:{' '}
                {r.reason === 'held'
                  ? m.railcards_select_railcard_page_already_has_one_saved({ who })
                  : `${r.eligibility}.`}
              </li>
            ))}
          </ul>
        </Stack>
      )}
      <p>
        <Link to="/passengers-and-railcards" activeOptions={{ exact: true }}>
          {m.common_back_to_passengers_and_railcards()}
        </Link>
      </p>
    </Page>
  );
}
