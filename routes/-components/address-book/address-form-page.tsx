import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import { addressFormMessages } from '#src/copy/address-form';
import {
  type Address,
  addressCountries,
  addressLimits,
  addressTypeLabels,
  addressTypes,
  addressValidators,
  type AddressField,
} from '#src/schemas/addresses';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { formView } from '#src/ui/form-state';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { RadioGroup } from '#src/ui/radio-group';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts, withRefusal } from '#src/ui/error-summary';
import * as fieldStyles from '#src/ui/field.css';
import * as formStyles from '#src/ui/form.css';
import { LoadError } from '#src/ui/load-error';
import * as styles from './address-book.css';
import { bindField } from '#src/ui/field-binding';
import { m } from '#src/paraglide/messages.js';
import { addressFormFlow } from './address-form.flow';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
}

function SelectField({ label, value, onValueChange, error, options, ...rest }: SelectFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={errorId} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

const postCodeLabel = (country: string) =>
  country === 'GB'
    ? m.address_book_address_form_page_postcode()
    : country === 'US'
      ? m.address_book_address_form_page_zip_code_optional()
      : m.address_book_address_form_page_postcode_optional();

/**
 * /address-book/add-address (addressId null) and /address-book/{addressId}: one form, every Address
 * field. `first`: the address the edit route loaded (docs/decisions/730); without it the chart fetches it.
 */
export function AddressFormPage({
  addressId,
  first,
}: {
  addressId: string | null;
  first?: FirstData<Address> | undefined;
}) {
  const navigate = useNavigate();
  const [snapshot, send] = addressFormFlow.useFlow({ input: { addressId, first: first ?? null } });
  const id = useId();
  const isEdit = addressId !== null;
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) void navigate({ to: '/address-book', search: { saved: isEdit ? 'updated' : 'added' } });
  }, [done, isEdit, navigate]);

  const saving = snapshot.matches('saving');
  const { values } = snapshot.context;
  const view = formView(snapshot.context, addressValidators(values), saving || done);
  const { blocking, canSubmit } = view;
  // A save refused about one field is that field's error (decision 670).
  const { refusal } = snapshot.context;
  const refusalMessage = refusal ? addressFormMessages.refusal(refusal) : null;
  const errors = withRefusal(view.errors, refusal ? [refusal.field] : [], refusalMessage);
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const field = (name: AddressField) => ({
    ...bindField(send, name, values[name], errors[name]),
    name,
  });
  const title = isEdit
    ? m.address_book_address_form_page_edit_address()
    : m.address_book_address_form_page_add_an_address();

  return (
    <AddressFormFrame title={title}>
      {snapshot.matches('loading') && <Loading label={m.address_book_address_form_page_loading_this_address()} />}
      {snapshot.matches('loadFailed') && (
        <LoadError message={addressFormMessages.fetchError} onRetry={() => send({ type: 'address.retry' })} />
      )}
      {snapshot.matches('notFound') && <Alert tone="error">{addressFormMessages.notFound}</Alert>}

      {(snapshot.matches('editing') || saving || done) && (
        <form
          noValidate
          className={formStyles.form}
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <ErrorSummary attempt={attempt} errors={errors} refusal={refusalMessage} />
          {snapshot.context.saveError && (
            <Alert tone="error">{isEdit ? addressFormMessages.editError : addressFormMessages.addError}</Alert>
          )}
          <TextField
            label={m.address_book_address_form_page_nickname_optional()}
            hint={m.address_book_address_form_page_for_example_home_or_work()}
            autoComplete="off"
            maxLength={addressLimits.nickName}
            {...field('nickName')}
          />
          <SelectField
            label={m.address_book_address_form_page_country()}
            autoComplete="country"
            options={addressCountries.map((c) => ({ value: c.code, label: c.name }))}
            {...field('isoCountryCode')}
          />
          <TextField
            label={m.address_book_address_form_page_address_line_1()}
            required
            autoComplete="address-line1"
            maxLength={addressLimits.line}
            {...field('line1')}
          />
          <TextField
            label={m.address_book_address_form_page_address_line_2_optional()}
            autoComplete="address-line2"
            maxLength={addressLimits.line}
            {...field('line2')}
          />
          <TextField
            label={m.address_book_address_form_page_address_line_3_optional()}
            autoComplete="address-line3"
            maxLength={addressLimits.line}
            {...field('line3')}
          />
          <TextField
            label={m.address_book_address_form_page_town_or_city()}
            required
            autoComplete="address-level2"
            maxLength={addressLimits.line}
            {...field('line4')}
          />
          <TextField
            label={
              values.isoCountryCode === 'GB'
                ? m.address_book_address_form_page_county_optional()
                : m.address_book_address_form_page_region_or_province_optional()
            }
            autoComplete="address-level1"
            maxLength={addressLimits.line}
            {...field('line5')}
          />
          {values.isoCountryCode === 'US' && (
            <TextField
              label={m.address_book_address_form_page_state()}
              required
              hint={m.address_book_address_form_page_the_2_letter_code_for_example()}
              autoComplete="off"
              maxLength={2}
              {...field('stateCode')}
            />
          )}
          <TextField
            label={postCodeLabel(values.isoCountryCode)}
            required={values.isoCountryCode === 'GB'}
            autoComplete="postal-code"
            maxLength={addressLimits.postCode}
            {...field('postCode')}
          />
          <RadioGroup
            name="type"
            legend={m.address_book_address_form_page_address_type()}
            errorId={`${id}-type-error`}
            error={errors.type}
            value={values.type}
            onChange={(type) => send({ type: 'form.change', field: 'type', value: type })}
            options={addressTypes.map((type) => ({ value: type, label: addressTypeLabels[type] }))}
          />
          <div className={formStyles.actions}>
            <Button
              type="submit"
              disabled={!canSubmit}
              busy={saving}
              busyLabel={m.common_saving()}
              aria-describedby={`${id}-submit-hint`}
              onRefused={onRefused}
            >
              {isEdit
                ? m.address_book_address_form_page_update_address()
                : m.address_book_address_form_page_save_address()}
            </Button>
            <Link to="/address-book" activeOptions={{ exact: true }}>
              {m.common_cancel()}
            </Link>
            <SubmitHint id={`${id}-submit-hint`} fields={blocking} active={!canSubmit && !saving && !done} />
          </div>
        </form>
      )}
    </AddressFormFrame>
  );
}

/** While the edit route loads the address (its pending state): the page as its chart's loading state shows it. */
export function AddressFormLoading() {
  return (
    <AddressFormFrame title={m.address_book_address_form_page_edit_address()}>
      <Loading label={m.address_book_address_form_page_loading_this_address()} />
    </AddressFormFrame>
  );
}

function AddressFormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page title={title} narrow>
      <p>
        <Link to="/address-book" activeOptions={{ exact: true }}>
          {m.address_book_address_form_page_back_to_address_book()}
        </Link>
      </p>
      {children}
    </Page>
  );
}
