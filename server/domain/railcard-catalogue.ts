import { many, type Queryable } from '../db.ts';
import { createCatalogueText } from '../lib/catalogue.ts';

/**
 * The railcard catalogue: the national railcards a customer can hold (seeded into railcard_types),
 * who is eligible for each, and each card's words in the page's locale as the railcard endpoints
 * return them (server/api/railcards.ts).
 */

type AttributeDefinition = { name: string; label: string; required: boolean };
type CatalogueSeed = {
  id: string;
  code: string;
  name: string;
  price: number;
  validityMonths: number;
  discount: string;
  eligibility: string;
  minAge: number | null;
  maxAge: number | null;
  maxCardHolders: number;
  scopes: string[];
  attributes: AttributeDefinition[];
  terms: string;
};

const national = ['national'];
const nationalTerms = (extra: string) =>
  `Valid for one year from the start date shown on the card. Discounts apply to most Standard and First Class Anytime, Off-Peak and Advance fares across Great Britain. ${extra} You must carry your railcard when you travel; without it you may have to pay the full fare or a penalty fare.`;

/** National railcards (docs/product/domain.md): about £30-£35 a year, one-third off unless stated. */
export const RAILCARD_CATALOGUE: CatalogueSeed[] = [
  {
    id: '16-25',
    code: 'YNG',
    name: '16-25 Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For ages 16 to 25, and full-time students of any age',
    minAge: 16,
    maxAge: 25,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms(
      'A £12 minimum fare applies to journeys starting between 04:30 and 10:00 on weekdays, except in July and August.',
    ),
  },
  {
    id: '26-30',
    code: 'TST',
    name: '26-30 Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For ages 26 to 30',
    minAge: 26,
    maxAge: 30,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms(
      'A £12 minimum fare applies to journeys starting between 04:30 and 10:00 on weekdays, except in July and August. Digital only.',
    ),
  },
  {
    id: 'senior',
    code: 'SRN',
    name: 'Senior Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For ages 60 and over',
    minAge: 60,
    maxAge: null,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms('Not valid on weekday Anytime fares in the morning peak in London and the South East.'),
  },
  {
    id: 'two-together',
    code: 'TWO',
    name: 'Two Together Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For two named adults aged 16 or over travelling together',
    minAge: 16,
    maxAge: null,
    maxCardHolders: 2,
    scopes: national,
    attributes: [{ name: 'secondHolderName', label: 'Second cardholder name', required: true }],
    terms: nationalTerms('Both named cardholders must travel together. Not valid before 09:30 on weekdays.'),
  },
  {
    id: 'family-and-friends',
    code: 'FAM',
    name: 'Family & Friends Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off adult fares, 60% off child fares',
    eligibility: 'For up to 4 adults and 4 children aged 5 to 15 travelling together',
    minAge: 16,
    maxAge: null,
    maxCardHolders: 2,
    scopes: national,
    attributes: [],
    terms: nationalTerms('At least one child aged 5 to 15 must travel with the cardholder.'),
  },
  {
    id: 'disabled-persons',
    code: 'DIS',
    name: 'Disabled Persons Railcard',
    price: 20,
    validityMonths: 12,
    discount: '1/3 off for the holder and one adult companion',
    eligibility: 'For people with a disability that makes travelling by train difficult',
    minAge: null,
    maxAge: null,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms(
      'An adult companion travelling with the holder also gets 1/3 off. Proof of eligibility is needed to buy this card.',
    ),
  },
  {
    id: 'veterans',
    code: 'VET',
    name: 'Veterans Railcard',
    price: 21,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For veterans of the UK Armed Forces',
    minAge: 16,
    maxAge: null,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms('Up to one adult companion and up to four children get a discount too.'),
  },
  {
    id: 'hm-forces',
    code: 'HMF',
    name: 'HM Forces Railcard',
    price: 21,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For serving members of the UK Armed Forces and their families',
    minAge: null,
    maxAge: null,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms('Proof of service is needed to buy this card.'),
  },
  {
    id: 'network',
    code: 'NEW',
    name: 'Network Railcard',
    price: 35,
    validityMonths: 12,
    discount: '1/3 off',
    eligibility: 'For adults aged 16 or over travelling in London and the South East',
    minAge: 16,
    maxAge: null,
    maxCardHolders: 1,
    scopes: ['network-southeast'],
    attributes: [],
    terms:
      'Valid for one year in the Network Railcard area (London and the South East) after 10:00 on weekdays and all day at weekends. A £13 minimum fare applies on weekdays. Up to three adults and four children can travel with the holder.',
  },
  {
    id: '16-17-saver',
    code: 'TSU',
    name: '16-17 Saver',
    price: 30,
    validityMonths: 12,
    discount: '50% off',
    eligibility: 'For ages 16 and 17',
    minAge: 16,
    maxAge: 17,
    maxCardHolders: 1,
    scopes: national,
    attributes: [],
    terms: nationalTerms(
      'Half price on Standard Class Anytime, Off-Peak and Advance fares, and on season tickets. Digital only.',
    ),
  },
];

export type TypeRow = {
  id: string;
  code: string;
  name: string;
  price_amount: string;
  currency: string;
  validity_months: number;
  discount: string;
  eligibility: string;
  min_age: number | null;
  max_age: number | null;
  max_card_holders: number;
  scopes: string[];
  attributes: AttributeDefinition[];
  terms: string;
};

/** Puts the catalogue in place when the table is empty (new or wiped database). Returns its rows. */
export async function railcardCatalogue(db: Queryable): Promise<TypeRow[]> {
  const rows = await many<TypeRow>(db, 'select * from railcard_types order by sort_order');
  if (rows.length > 0) return rows;
  await insertCatalogue(db);
  return many<TypeRow>(db, 'select * from railcard_types order by sort_order');
}

export async function insertCatalogue(db: Queryable): Promise<void> {
  for (const [i, r] of RAILCARD_CATALOGUE.entries()) {
    await db.query(
      `insert into railcard_types (id, code, name, price_amount, currency, validity_months, discount, eligibility,
         min_age, max_age, max_card_holders, scopes, attributes, terms, sort_order)
       values ($1, $2, $3, $4, 'GBP', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       on conflict (id) do nothing`,
      [
        r.id,
        r.code,
        r.name,
        r.price,
        r.validityMonths,
        r.discount,
        r.eligibility,
        r.minAge,
        r.maxAge,
        r.maxCardHolders,
        r.scopes,
        JSON.stringify(r.attributes),
        r.terms,
        i,
      ],
    );
  }
}

export const utcToday = (now: Date): string => now.toISOString().slice(0, 10);
export const railcardStatus = (expiry: string, today: string): 'valid' | 'expired' =>
  expiry < today ? 'expired' : 'valid';

/** Whole years between an ISO birth date and today. */
export function ageOn(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const isEligible = (type: TypeRow, dob: string | null, today: string) => {
  if (!dob) return true;
  const age = ageOn(dob, today);
  return (type.min_age === null || age >= type.min_age) && (type.max_age === null || age <= type.max_age);
};

const catalogueText = createCatalogueText();

/**
 * A railcard's discount and eligibility in the page's locale (Accept-Language, as the app sends it;
 * null is en-GB): catalogue keys railcards_type_<id>_discount and _eligibility (decision 445). A
 * railcard the catalogue has no words for keeps the retailer's own text.
 */
export const railcardWords = (t: Pick<TypeRow, 'id' | 'discount' | 'eligibility'>, locale: string | null) => {
  const key = `railcards_type_${t.id.replaceAll('-', '_')}`;
  return {
    discount: catalogueText(locale, `${key}_discount`) ?? t.discount,
    eligibility: catalogueText(locale, `${key}_eligibility`) ?? t.eligibility,
  };
};

/**
 * A railcard's terms in the page's locale: railcards_type_<id>_terms holds the card's own
 * conditions; a national railcard's (scope `national`) sit inside the terms every national card
 * shares, railcards_terms_national with {conditions}, as the seed composes them (nationalTerms).
 * A railcard the catalogue has no terms for keeps the retailer's own text.
 */
export const railcardTerms = (t: Pick<TypeRow, 'id' | 'scopes' | 'terms'>, locale: string | null): string => {
  const own = catalogueText(locale, `railcards_type_${t.id.replaceAll('-', '_')}_terms`);
  if (own === undefined) return t.terms;
  if (!t.scopes.includes('national')) return own;
  return catalogueText(locale, 'railcards_terms_national')?.replace('{conditions}', own) ?? t.terms;
};

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Each attribute's label in the page's locale (railcards_attribute_<name>_label), else as stored. */
export const attributeWords = (attributes: AttributeDefinition[], locale: string | null): AttributeDefinition[] =>
  attributes.map((a) => ({
    ...a,
    label: catalogueText(locale, `railcards_attribute_${snakeCase(a.name)}_label`) ?? a.label,
  }));

export const catalogueJson = (t: TypeRow, locale: string | null = null) => ({
  id: t.id,
  name: t.name,
  price: { amount: Number(t.price_amount), currencyCode: t.currency },
  scopes: t.scopes,
  termsAndConditions: railcardTerms(t, locale),
  railcardDetails: {
    code: t.code,
    ...railcardWords(t, locale),
    validityMonths: t.validity_months,
    maxCardHolders: t.max_card_holders,
  },
  attributes: attributeWords(t.attributes, locale),
});

/**
 * Why a passenger cannot hold a railcard and what to do, in the page's locale
 * (railcards_not_eligible_detail): the screen shows it as it is. The eligibility continues the
 * sentence, so its first letter is lower-cased in that locale ("For ages…" → "for ages…").
 */
export const notEligibleDetail = (t: TypeRow, firstName: string, locale: string | null): string => {
  const { eligibility } = railcardWords(t, locale);
  const continued = `${eligibility.charAt(0).toLocaleLowerCase(locale ?? 'en-GB')}${eligibility.slice(1)}`;
  const words = { name: firstName, railcard: t.name, eligibility: continued };
  const sentence = catalogueText(locale, 'railcards_not_eligible_detail') ?? '{railcard}: {eligibility}';
  return sentence.replace(/\{(name|railcard|eligibility)\}/g, (_, k: keyof typeof words) => words[k]);
};
