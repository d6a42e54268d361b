import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, type SelectHTMLAttributes } from 'react';
import { fromPromise } from 'xstate';
import { addressFormMachine, addressFormMessages } from '#machines/address-form';
import { addressesApi } from '#src/api/addresses';
import {
  addressCountries,
  addressLimits,
  addressTypeLabels,
  addressTypes,
  addressValidators,
  valuesToAddressInput,
  type AddressField,
} from '#src/schemas/addresses';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { formView } from '#src/ui/form-state';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import * as fieldStyles from '#src/ui/field.css';
import * as formStyles from '#src/ui/form.css';
import { LoadError } from '#src/ui/load-error';
import * as styles from './address-book.css';
import { bindField } from '#src/ui/field-binding';

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
  country === 'GB' ? 'Postcode' : country === 'US' ? 'ZIP code (optional)' : 'Postcode (optional)';

/** /address-book/add-address (addressId null) and /address-book/{addressId}: one form, every Address field. */
export function AddressFormPage({ addressId }: { addressId: string | null }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const addresses = useMemo(() => addressesApi(api), [api]);
  const [snapshot, send] = useMachine(
    addressFormMachine.provide({
      actors: {
        fetchAddress: fromPromise(({ input }) => addresses.get(input.id)),
        saveAddress: fromPromise(({ input }) => {
          const body = valuesToAddressInput(input.values);
          return input.addressId ? addresses.update(input.addressId, body) : addresses.add(body);
        }),
      },
    }),
    { input: { addressId } },
  );
  const isEdit = addressId !== null;
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) void navigate({ to: '/address-book', search: { saved: isEdit ? 'updated' : 'added' } });
  }, [done, isEdit, navigate]);

  const saving = snapshot.matches('saving');
  const { values } = snapshot.context;
  const { errors, canSubmit } = formView(snapshot.context, addressValidators(values), saving || done);
  const field = (name: AddressField) => ({
    ...bindField(send, name, values[name], errors[name]),
    name,
  });
  const title = isEdit ? 'Edit address' : 'Add an address';

  return (
    <Page title={title} narrow>
      <p>
        <Link to="/address-book">Back to address book</Link>
      </p>
      {snapshot.matches('loading') && <Loading label="Loading this address…" />}
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
          {snapshot.context.saveError && (
            <Alert tone="error">{isEdit ? addressFormMessages.editError : addressFormMessages.addError}</Alert>
          )}
          <TextField
            label="Nickname (optional)"
            hint="For example Home or Work"
            autoComplete="off"
            maxLength={addressLimits.nickName}
            {...field('nickName')}
          />
          <SelectField
            label="Country"
            autoComplete="country"
            options={addressCountries.map((c) => ({ value: c.code, label: c.name }))}
            {...field('isoCountryCode')}
          />
          <TextField label="Address line 1" autoComplete="address-line1" maxLength={addressLimits.line} {...field('line1')} />
          <TextField
            label="Address line 2 (optional)"
            autoComplete="address-line2"
            maxLength={addressLimits.line}
            {...field('line2')}
          />
          <TextField
            label="Address line 3 (optional)"
            autoComplete="address-line3"
            maxLength={addressLimits.line}
            {...field('line3')}
          />
          <TextField label="Town or city" autoComplete="address-level2" maxLength={addressLimits.line} {...field('line4')} />
          <TextField
            label={values.isoCountryCode === 'GB' ? 'County (optional)' : 'Region or province (optional)'}
            autoComplete="address-level1"
            maxLength={addressLimits.line}
            {...field('line5')}
          />
          {values.isoCountryCode === 'US' && (
            <TextField
              label="State"
              hint="The 2-letter code, for example NY"
              autoComplete="off"
              maxLength={2}
              {...field('stateCode')}
            />
          )}
          <TextField
            label={postCodeLabel(values.isoCountryCode)}
            autoComplete="postal-code"
            maxLength={addressLimits.postCode}
            {...field('postCode')}
          />
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Address type</legend>
            {addressTypes.map((type) => (
              <label key={type} className={styles.radioRow}>
                <input
                  type="radio"
                  name="type"
                  className={styles.radio}
                  value={type}
                  checked={values.type === type}
                  onChange={() => send({ type: 'form.change', field: 'type', value: type })}
                />
                {addressTypeLabels[type]}
              </label>
            ))}
            {errors.type && <span className={fieldStyles.error}>{errors.type}</span>}
          </fieldset>
          <div className={formStyles.actions}>
            <Button type="submit" disabled={!canSubmit} busy={saving} busyLabel="Saving…">
              {isEdit ? 'Update address' : 'Save address'}
            </Button>
            <Link to="/address-book">Cancel</Link>
          </div>
        </form>
      )}
    </Page>
  );
}
