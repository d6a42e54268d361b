import * as v from 'valibot';
import type { SpecRecord } from './spec-records.ts';
import { maybe } from './maybe.ts';
import { Acknowledged } from './acknowledged';
import { RailcardStatus, withRailcardStatus } from './passengers';
import { m } from '#src/paraglide/messages.js';

/**
 * Railcards (docs/product/entities.md: railcardDetails, scopes, name, price{amount, currencyCode default GBP},
 * cardHolders, expiryDate, termsAndConditions, attributes) and the railcard form's rules.
 */
export const defaultRailcardCurrency = 'GBP';

export const Price = v.object({
  amount: v.pipe(v.number(), v.minValue(0)),
  currencyCode: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), defaultRailcardCurrency),
});
export type Price = v.InferOutput<typeof Price>;

/** An attribute a railcard type asks for (e.g. the second named holder of a Two Together). */
export const RailcardAttributeDefinition = v.object({
  name: v.string(),
  label: v.string(),
  required: v.boolean(),
});
export type RailcardAttributeDefinition = v.InferOutput<typeof RailcardAttributeDefinition>;

/**
 * A catalogue entry: GET /railcard/{railcardId} and each entry of railcardslist. docs/product/entities.md's Railcard
 * has no `id` (decision 232): the railcard type is then named by its code, `railcardDetails.code`
 * (e.g. "YNG", the rail industry's railcard code; railcardDetails' inner shape is ours), which becomes
 * the entry's `id`, the {railcardId} of the add-railcard link and of the calls behind it. The local
 * server sends its own id ("16-25") and takes either in those paths.
 */
export const CatalogueRailcard = v.pipe(
  v.object({
    /** Local-server extra: absent, the entry's id is railcardDetails.code. */
    id: v.optional(v.string()),
    name: v.string(),
    price: Price,
    scopes: v.array(v.string()),
    termsAndConditions: v.string(),
    railcardDetails: v.object({
      code: v.string(),
      discount: v.string(),
      eligibility: v.string(),
      validityMonths: v.pipe(v.number(), v.integer(), v.minValue(1)),
      maxCardHolders: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
    attributes: v.array(RailcardAttributeDefinition),
  }),
  v.transform(({ id, ...railcard }) => ({ id: id ?? railcard.railcardDetails.code, ...railcard })),
);
export type CatalogueRailcard = v.InferOutput<typeof CatalogueRailcard>;

export const PassengerName = v.object({ id: v.string(), firstName: v.string(), lastName: v.string() });
export type PassengerName = v.InferOutput<typeof PassengerName>;

const RailcardsListObject = v.object({
  /** Local-server extra: whose list it is; absent (null), the screen says "this passenger". */
  passenger: maybe(PassengerName),
  railcards: v.array(CatalogueRailcard),
  /**
   * Local-server extra (not in docs/product/api.md): the railcards left out, and why (already held, or
   * the passenger's age), so the screen can say why a card is missing. Optional: without it the
   * screen lists what it is offered and says nothing more.
   */
  unavailable: v.optional(
    v.array(
      v.object({ id: v.string(), name: v.string(), reason: v.picklist(['held', 'age']), eligibility: v.string() }),
    ),
  ),
});

/**
 * GET /passenger/{passengerId}/railcardslist. docs/product/api.md names no fields of this answer, only that
 * it lists docs/product/entities.md railcards: `{railcards}` (the local server adds passenger and unavailable) or
 * the bare list of railcards.
 */
export const RailcardsListResponse = v.union([
  RailcardsListObject,
  v.pipe(
    v.array(CatalogueRailcard),
    v.transform(
      (railcards): v.InferOutput<typeof RailcardsListObject> => ({
        passenger: null,
        railcards,
        unavailable: undefined,
      }),
    ),
  ),
]);
export type RailcardsListResponse = v.InferOutput<typeof RailcardsListResponse>;

/** docs/product/entities.md's Railcard, in its order. */
const railcardSpec = {
  railcardDetails: v.object({
    code: v.string(),
    discount: v.string(),
    cardNumber: v.string(),
    isDigital: v.boolean(),
  }),
  scopes: v.array(v.string()),
  name: v.string(),
  price: Price,
  cardHolders: v.array(v.string()),
  expiryDate: v.pipe(v.string(), v.isoDate()),
  termsAndConditions: v.string(),
  attributes: v.record(v.string(), v.string()),
};
/**
 * A railcard a passenger holds: GET /passenger/{passengerId}/railcard/{railcardId} (docs/product/entities.md's
 * Railcard; the path names the passenger and the railcard type).
 */
export const PassengerRailcard = v.pipe(
  v.object({
    ...railcardSpec,
    /** Local-server extras (not in docs/product/entities.md's Railcard): the held card's id and its type's id. */
    id: v.optional(v.string()),
    railcardId: v.optional(v.string()),
    /** Local-server extra: derived from expiryDate when absent. */
    status: v.optional(RailcardStatus),
  }),
  v.transform(withRailcardStatus),
);
export type PassengerRailcard = v.InferOutput<typeof PassengerRailcard>;

const railcardAnswerSpec = { railcard: PassengerRailcard };
export const PassengerRailcardResponse = v.object({
  ...railcardAnswerSpec,
  /** Local-server extra (docs/product/api.md names `{railcard}` only): absent (null), the form reads the saved passenger. */
  passenger: maybe(PassengerName),
});
export type PassengerRailcardResponse = v.InferOutput<typeof PassengerRailcardResponse>;

/** POST railcard-status: whether the card details describe a card that can be used. */
export const RailcardStatusResponse = v.object({
  status: v.picklist(['valid', 'expired', 'invalid']),
  expiryDate: maybe(v.string()),
});
export type RailcardStatusResponse = v.InferOutput<typeof RailcardStatusResponse>;

/** docs/product/api.md lists no answer for the railcard DELETE: see Acknowledged. */
export const DeleteRailcardResponse = Acknowledged;

/**
 * GET /passengers-and-railcards/digital-railcard/{railcardId}: docs/product/entities.md's Railcard, as a passenger's
 * railcard is (the card's code, discount and number in railcardDetails, whose inner shape is ours,
 * decision 230). The screen reads them flat.
 */
export const DigitalRailcard = v.pipe(
  v.object({
    /** Local-server extras (not in docs/product/entities.md's Railcard): the held card's id and its type's id. */
    id: v.optional(v.string()),
    railcardId: v.optional(v.string()),
    name: v.string(),
    railcardDetails: v.object({ code: v.string(), discount: v.string(), cardNumber: v.string() }),
    cardHolders: v.pipe(v.array(v.string()), v.minLength(1)),
    /** Local-server extra: without it the card leaves out its "Valid from" row. */
    validFrom: v.optional(v.pipe(v.string(), v.isoDate())),
    expiryDate: v.pipe(v.string(), v.isoDate()),
    /** Local-server extra: derived from expiryDate when absent. */
    status: v.optional(RailcardStatus),
  }),
  v.transform(({ railcardDetails, ...card }) =>
    withRailcardStatus({
      ...card,
      code: railcardDetails.code,
      discount: railcardDetails.discount,
      cardNumber: railcardDetails.cardNumber,
    }),
  ),
);
export type DigitalRailcard = v.InferOutput<typeof DigitalRailcard>;

// ---- The railcard form ------------------------------------------------------------------------
// The spec gives no copy for these rules (docs/decisions/050-passengers-and-railcards.md).

export const railcardMessages = {
  cardNumberRequired: m.form_railcards_card_number_required(),
  cardNumberInvalid: m.form_railcards_card_number_invalid(),
  expiryRequired: m.form_railcards_expiry_required(),
  expiryInvalid: m.form_railcards_expiry_invalid(),
  expiryTooFar: m.form_railcards_expiry_too_far(),
  // The label keeps its case: lower-casing it was wrong for German nouns and for names.
  attributeRequired: (label: string) => m.form_railcards_enter_the({ field: label }),
  attributeInvalid: m.form_railcards_attribute_invalid(),
  expired: m.form_railcards_expired(),
  invalid: m.form_railcards_invalid(),
  saveFailed: m.form_railcards_save_failed(),
  deleteFailed: m.form_railcards_delete_failed(),
  loadFailed: m.form_railcards_load_failed(),
} as const;

export const cardNumberPattern = /^[A-Za-z0-9]{6,12}$/;

export const validateCardNumber = (value: string): string | null => {
  const n = value.replace(/\s+/g, '');
  if (n === '') return railcardMessages.cardNumberRequired;
  return cardNumberPattern.test(n) ? null : railcardMessages.cardNumberInvalid;
};

/** `value` from a date input (YYYY-MM-DD); it may not be later than `validityMonths` from today. */
export const validateExpiryDate = (value: string, today: string, validityMonths: number): string | null => {
  if (value === '') return railcardMessages.expiryRequired;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return railcardMessages.expiryInvalid;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return railcardMessages.expiryInvalid;
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const latest = new Date(Date.UTC(ty, tm - 1 + validityMonths, td)).toISOString().slice(0, 10);
  if (value > latest) return railcardMessages.expiryTooFar;
  return null;
};

const holderForbidden = /[@?!,|$%<>~`;:{}+=*^£]/;
export const validateAttribute = (value: string, definition: RailcardAttributeDefinition): string | null => {
  const text = value.trim();
  if (text === '') return definition.required ? railcardMessages.attributeRequired(definition.label) : null;
  if (text.length > 60 || holderForbidden.test(text)) return railcardMessages.attributeInvalid;
  return null;
};

export interface RailcardRequest {
  cardNumber: string;
  expiryDate: string;
  isDigital: boolean;
}

/**
 * docs/product/entities.md's Railcard, a held card's and a catalogue entry's alike, and docs/product/api.md's
 * `{railcard}` answer (spec mode, src/schemas/spec-records.ts). railcardDetails' inner shape is ours
 * (decision 232): kept whole.
 */
export const specRecords: readonly SpecRecord[] = [
  [PassengerRailcard, railcardSpec, ['railcardDetails']],
  [PassengerRailcardResponse, railcardAnswerSpec],
];
