import * as v from 'valibot';
import { maybe } from './maybe.ts';
import { m } from '#src/paraglide/messages.js';
import { hasControlCharacter } from './control-characters';

/**
 * Address book (docs/product/entities.md: id, countryCode, isoCountryCode, isoStateCode, countryName,
 * isLastUsedDelivery, line1..line5, nickName, postCode, type) and the add/edit form's rules.
 * Copy the spec does not give is ours: docs/decisions/060-address-book-cards-smartcards.md.
 */
export const addressTypes = ['delivery', 'billing'] as const;
export type AddressType = (typeof addressTypes)[number];
export const addressTypeLabels: Record<AddressType, string> = {
  delivery: m.form_addresses_delivery(),
  billing: m.form_addresses_billing(),
};

/** The countries the form offers (ISO 3166-1 alpha-2 codes), in display order. */
export const addressCountries = [
  { code: 'GB', name: m.form_addresses_country_gb() },
  { code: 'IE', name: m.form_addresses_country_ie() },
  { code: 'FR', name: m.form_addresses_country_fr() },
  { code: 'DE', name: m.form_addresses_country_de() },
  { code: 'ES', name: m.form_addresses_country_es() },
  { code: 'IT', name: m.form_addresses_country_it() },
  { code: 'NL', name: m.form_addresses_country_nl() },
  { code: 'US', name: m.form_addresses_country_us() },
] as const;
const countryCodes: readonly string[] = addressCountries.map((c) => c.code);

export const Address = v.object({
  id: v.string(),
  /** ISO 3166-1 alpha-3 (e.g. GBR), the retailer's own country code. */
  countryCode: v.string(),
  /** ISO 3166-1 alpha-2 (e.g. GB). */
  isoCountryCode: v.string(),
  /** ISO 3166-2 subdivision (e.g. US-NY), or null. */
  isoStateCode: maybe(v.string()),
  countryName: v.string(),
  isLastUsedDelivery: v.boolean(),
  line1: v.string(),
  line2: maybe(v.string()),
  line3: maybe(v.string()),
  line4: maybe(v.string()),
  line5: maybe(v.string()),
  nickName: maybe(v.string()),
  postCode: maybe(v.string()),
  type: v.picklist(addressTypes),
});
export type Address = v.InferOutput<typeof Address>;

export const AddressListResponse = v.object({ addresses: v.array(Address) });
export const DeleteAddressResponse = v.object({ success: v.literal(true) });

/** What the add and edit calls send (the server derives countryCode, countryName and isLastUsedDelivery). */
export interface AddressInput {
  nickName: string | null;
  line1: string;
  line2: string | null;
  line3: string | null;
  line4: string | null;
  line5: string | null;
  postCode: string | null;
  isoCountryCode: string;
  isoStateCode: string | null;
  type: AddressType;
}

// ---- The form -------------------------------------------------------------------------------

export type AddressField =
  | 'nickName'
  | 'line1'
  | 'line2'
  | 'line3'
  | 'line4'
  | 'line5'
  | 'postCode'
  | 'isoCountryCode'
  | 'stateCode'
  | 'type';
export type AddressValues = Record<AddressField, string>;

export const emptyAddressValues: AddressValues = {
  nickName: '',
  line1: '',
  line2: '',
  line3: '',
  line4: '',
  line5: '',
  postCode: '',
  isoCountryCode: 'GB',
  stateCode: '',
  type: 'delivery',
};

export const addressLimits = { nickName: 30, line: 50, postCode: 16 } as const;

export const addressMessages = {
  // The spec's nickname message (docs/product/validation.md, passengers) reused for address nicknames.
  nickNameTooLong: m.form_addresses_nick_name_too_long(),
  line1Required: m.form_addresses_line1_required(),
  townRequired: m.form_addresses_town_required(),
  lineTooLong: m.form_addresses_line_too_long(),
  postCodeRequired: m.form_addresses_post_code_required(),
  postCodeInvalidGb: m.form_addresses_post_code_invalid_gb(),
  postCodeInvalid: m.form_addresses_post_code_invalid(),
  countryRequired: m.form_addresses_country_required(),
  stateRequired: m.form_addresses_state_required(),
  typeRequired: m.form_addresses_type_required(),
  controlCharacter: m.form_addresses_control_character(),
} as const;

/** UK postcodes (Royal Mail format, any spacing), plus GIR 0AA. */
export const ukPostcodePattern = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-HJKMNPR-Y]? ?[0-9][ABD-HJLNP-UW-Z]{2})$/i;
const otherPostcodePattern = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

const trimmed = (value: string) => value.trim();

/** A UK postcode in its standard form: upper case, one space before the inward code. */
export const normaliseUkPostcode = (value: string): string => {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
};

const lineValidator = (value: string) =>
  trimmed(value).length > addressLimits.line ? addressMessages.lineTooLong : null;

type AddressValidators = Partial<Record<AddressField, (value: string) => string | null>>;

/**
 * Field validators: the postcode and state rules read the country, so they take all values. A
 * field holding an invisible control character says so first: the API refuses a NUL outright.
 */
export const addressValidators = (values: AddressValues): AddressValidators =>
  Object.fromEntries(
    Object.entries(fieldRules(values)).map(([field, rule]) => [
      field,
      (value: string) => (hasControlCharacter(value) ? addressMessages.controlCharacter : rule(value)),
    ]),
  ) as AddressValidators;

const fieldRules = (values: AddressValues): Record<AddressField, (value: string) => string | null> => ({
  nickName: (value) => (trimmed(value).length > addressLimits.nickName ? addressMessages.nickNameTooLong : null),
  line1: (value) => (trimmed(value) === '' ? addressMessages.line1Required : lineValidator(value)),
  line2: lineValidator,
  line3: lineValidator,
  line4: (value) => (trimmed(value) === '' ? addressMessages.townRequired : lineValidator(value)),
  line5: lineValidator,
  postCode: (value) => {
    const text = trimmed(value);
    if (values.isoCountryCode === 'GB') {
      if (text === '') return addressMessages.postCodeRequired;
      return ukPostcodePattern.test(text) ? null : addressMessages.postCodeInvalidGb;
    }
    if (text === '') return null;
    return text.length <= addressLimits.postCode && otherPostcodePattern.test(text)
      ? null
      : addressMessages.postCodeInvalid;
  },
  isoCountryCode: (value) => (countryCodes.includes(value) ? null : addressMessages.countryRequired),
  stateCode: (value) =>
    values.isoCountryCode === 'US' && !/^[A-Za-z]{2}$/.test(trimmed(value)) ? addressMessages.stateRequired : null,
  type: (value) => ((addressTypes as readonly string[]).includes(value) ? null : addressMessages.typeRequired),
});

export const addressErrors = (values: AddressValues): Partial<Record<AddressField, string>> => {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const [field, validate] of Object.entries(addressValidators(values)) as [
    AddressField,
    (value: string) => string | null,
  ][]) {
    const message = validate(values[field]);
    if (message) errors[field] = message;
  }
  return errors;
};

/** Form values of a saved address. */
export const addressToValues = (address: Address): AddressValues => ({
  nickName: address.nickName ?? '',
  line1: address.line1,
  line2: address.line2 ?? '',
  line3: address.line3 ?? '',
  line4: address.line4 ?? '',
  line5: address.line5 ?? '',
  postCode: address.postCode ?? '',
  isoCountryCode: address.isoCountryCode,
  stateCode: address.isoStateCode?.startsWith(`${address.isoCountryCode}-`) ? address.isoStateCode.slice(3) : '',
  type: address.type,
});

const orNull = (value: string) => (trimmed(value) === '' ? null : trimmed(value));

/** The call body of valid form values: trimmed, blanks as null, UK postcodes normalised. */
export const valuesToAddressInput = (values: AddressValues): AddressInput => ({
  nickName: orNull(values.nickName),
  line1: trimmed(values.line1),
  line2: orNull(values.line2),
  line3: orNull(values.line3),
  line4: orNull(values.line4),
  line5: orNull(values.line5),
  postCode:
    values.isoCountryCode === 'GB'
      ? normaliseUkPostcode(values.postCode)
      : (orNull(values.postCode)?.toUpperCase() ?? null),
  isoCountryCode: values.isoCountryCode,
  isoStateCode: values.isoCountryCode === 'US' ? `US-${trimmed(values.stateCode).toUpperCase()}` : null,
  type: values.type as AddressType,
});
