import * as v from 'valibot';

/**
 * Address book (spec section 3: id, countryCode, isoCountryCode, isoStateCode, countryName,
 * isLastUsedDelivery, line1..line5, nickName, postCode, type) and the add/edit form's rules.
 * Copy the spec does not give is ours: docs/decisions/060-address-book-cards-smartcards.md.
 */
export const addressTypes = ['delivery', 'billing'] as const;
export type AddressType = (typeof addressTypes)[number];
export const addressTypeLabels: Record<AddressType, string> = {
  delivery: 'Delivery address',
  billing: 'Billing address',
};

/** The countries the form offers (ISO 3166-1 alpha-2 codes), in display order. */
export const addressCountries = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'IE', name: 'Ireland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'US', name: 'United States' },
] as const;
const countryCodes: readonly string[] = addressCountries.map((c) => c.code);

export const Address = v.object({
  id: v.string(),
  /** ISO 3166-1 alpha-3 (e.g. GBR), the retailer's own country code. */
  countryCode: v.string(),
  /** ISO 3166-1 alpha-2 (e.g. GB). */
  isoCountryCode: v.string(),
  /** ISO 3166-2 subdivision (e.g. US-NY), or null. */
  isoStateCode: v.nullable(v.string()),
  countryName: v.string(),
  isLastUsedDelivery: v.boolean(),
  line1: v.string(),
  line2: v.nullable(v.string()),
  line3: v.nullable(v.string()),
  line4: v.nullable(v.string()),
  line5: v.nullable(v.string()),
  nickName: v.nullable(v.string()),
  postCode: v.nullable(v.string()),
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
  // The spec's nickname message (section 5, passengers) reused for address nicknames.
  nickNameTooLong: 'Nickname cannot be longer than 30 characters',
  line1Required: 'Please enter the first line of the address',
  townRequired: 'Please enter a town or city',
  lineTooLong: 'Address lines can only be up to 50 characters',
  postCodeRequired: 'Please enter a postcode',
  postCodeInvalidGb: 'Please enter a valid UK postcode, e.g. SW1A 1AA',
  postCodeInvalid: 'Please enter a valid postcode',
  countryRequired: 'Please select a country',
  stateRequired: 'Please enter the 2-letter state code, e.g. NY',
  typeRequired: 'Please choose an address type',
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

const lineValidator = (value: string) => (trimmed(value).length > addressLimits.line ? addressMessages.lineTooLong : null);

/** Field validators: the postcode and state rules read the country, so they take all values. */
export const addressValidators = (values: AddressValues): Partial<Record<AddressField, (value: string) => string | null>> => ({
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
    return text.length <= addressLimits.postCode && otherPostcodePattern.test(text) ? null : addressMessages.postCodeInvalid;
  },
  isoCountryCode: (value) => (countryCodes.includes(value) ? null : addressMessages.countryRequired),
  stateCode: (value) =>
    values.isoCountryCode === 'US' && !/^[A-Za-z]{2}$/.test(trimmed(value)) ? addressMessages.stateRequired : null,
  type: (value) => ((addressTypes as readonly string[]).includes(value) ? null : addressMessages.typeRequired),
});

export const addressErrors = (values: AddressValues): Partial<Record<AddressField, string>> => {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const [field, validate] of Object.entries(addressValidators(values)) as [AddressField, (value: string) => string | null][]) {
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
  postCode: values.isoCountryCode === 'GB' ? normaliseUkPostcode(values.postCode) : orNull(values.postCode)?.toUpperCase() ?? null,
  isoCountryCode: values.isoCountryCode,
  isoStateCode: values.isoCountryCode === 'US' ? `US-${trimmed(values.stateCode).toUpperCase()}` : null,
  type: values.type as AddressType,
});
