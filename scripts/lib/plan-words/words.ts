/**
 * What every table of the tester's words (scripts/lib/plan-words.ts) is made of, and the phrases
 * several tables share, written once: the demo sign-in of the Background, how to cause a failed
 * call with the browser's developer tools, and the events every form of the form kit sends.
 */

/**
 * A step's words; `use` names the local server's demo booking (or account) that gives this answer,
 * so a scenario can say which one to open.
 */
export type StepWords = string | { text: string; use: string };

export interface MachineWords {
  /** The screen, as the tester opens it ("the refund page of a booking they can refund"). */
  screen: string;
  /** What every scenario needs first (an account, the local server's demo data): the feature's Background. */
  background?: string;
  /** The demo booking (or account) a scenario uses when none of its steps needs a particular one. */
  use?: string;
  /** Event (and guard) → what the customer does, naming controls as [[message_key]]; delays: "by itself, when …". */
  events: Record<string, StepWords>;
  /** State path → what the customer sees there ([[message_key]] for catalogue copy). */
  states: Record<string, string>;
  /** '<invoke id> answers|fails [guard]' → the service's answer the step needs, in plain words. */
  outcomes: Record<string, StepWords>;
  /**
   * What a tester types against the local server's demo data in place of a value the model test
   * types ('TL-7Q4K2M' → '"TL-FERDNX"'), so a case can be run as written; quoted when it is the text
   * to type, plain words when it must be looked up (a date `npm start` prints).
   */
  demo?: Record<string, string>;
  /**
   * What the catalogue's slots (`{brand}`, `{minutes}`) read on this flow's screens against the demo
   * data, by slot name; a function reads the case's test data (`provider = "google"`). A slot not
   * named here takes the case's test data, then `slotWords`.
   */
  slots?: Record<string, string | ((data: Readonly<Record<string, string>>) => string)>;
}

/** The demo account everyone signs in with (README, "Demo data"). */
const demoAccount = 'demo@example.com';

/** The Background of a signed-in flow: the local server's demo data and the account to sign in with. */
export const signedInAs = (email: string = demoAccount, more = '') =>
  `the local server runs with its demo data (npm start) and they are signed in as ${email} with RailDemo!2026${more ? ` (${more})` : ''}`;

/** The Background of a signed-out flow. */
export const signedOut = (more = '') =>
  `the local server runs with its demo data (npm start) and nobody is signed in${more ? ` (${more})` : ''}`;

/** How a tester makes a call fail by hand: the browser's developer tools, Network, block the request. */
export const blocked = (service: string, request: string, when = '') =>
  `the ${service} cannot be reached (developer tools: block the request ${request}${when ? `, ${when}` : ''})`;

/**
 * The lost answer of a call that changes something, the first time (the page then checks whether it
 * went through) or again for that check: Offline (or the block) stays on until the step that needs
 * an answer.
 */
export const lost = (service: string, request: string) =>
  `no answer comes back from the ${service} (developer tools: go Offline just before pressing, or block the request ${request}; leave it so while the page checks again)`;

/**
 * Check again, as a tester reaches it: the button shows only when neither the attempt nor the page's
 * own check got an answer, so the step says how to lose both (as `lost`) and then lets the answer
 * through. `what` is what could not be confirmed ('the refund'), `button` the press that sent it.
 */
export const checkAgain = (what: string, request: string, button: string) =>
  `with no answer to ${button} nor to the page's own check (developer tools: go Offline just before pressing ${button}, or block the request ${request}), the page says it could not confirm ${what}; they go back online (or unblock the request) and press [[common_check_again]]`;

/**
 * The events of a form built with the form kit (machines/lib/form-kit.ts): typing, leaving a field,
 * and the submit, sent or refused. `fields` names the form's fields ([[message_key]]s), `submit` its
 * button and `filled` what a valid form holds (e.g. 'a first name and a last name').
 */
export function formEvents(
  fields: string,
  submit: string,
  filled: string,
  validGuard = 'isValid',
): Record<string, StepWords> {
  return {
    'form.change': `they type into a field (${fields}) or change a choice`,
    'form.blur': 'they leave a field (Tab to the next one); a field left empty or wrong shows its message',
    [`form.submit [${validGuard}]`]: `with ${filled}, they press ${submit}`,
    'form.submit': `with a field empty or wrong, they press Enter in the form (${submit} stays disabled); the fields' messages show`,
  };
}

/**
 * What a catalogue slot reads when neither the case's test data nor the flow's table gives it: the
 * demo data's value where every flow shows the same one, else the value named in brackets, so a
 * step never prints a slot as `{name}` (test/model/plan-words.test.ts).
 */
export const slotWords: Readonly<Record<string, string>> = {
  email: demoAccount,
  emails: demoAccount,
  provider: 'Google',
  brand: 'Visa',
  last4: '4242',
  lastFourDigits: '4242',
  numberLastFour: "[the smartcard number's last four digits]",
  minutes: '15',
  resetLinkValidityHours: '24',
  maxAddresses: '5',
  date: '[the date]',
  from: '[the new first day]',
  until: '[the new last day]',
  validFrom: '[the first day]',
  collectBy: '[the last day to collect]',
  expiry: '[the expiry date]',
  dob: '[the date of birth]',
  reference: '[the booking reference]',
  friendlyOrderId: '[the booking reference]',
  order: '[the order reference]',
  amount: '[the amount]',
  total: '[the total]',
  fare: '[the new fare]',
  name: '[the station]',
  name2: '[the next station]',
  origin: '[the origin station]',
  destination: '[the destination station]',
  firstName: '[first name]',
  lastName: '[last name]',
  who: '[the passenger]',
  card: '[the card, e.g. Visa ending 4242]',
  cardholderName: '[the name on the card]',
  address: '[the address]',
  reason: '[the reason chosen]',
  what: '[the ticket kind]',
  operator: '[the train company]',
  retailer: '[the retailer]',
  link: '“Your bookings”',
  count: '[the number]',
  countNumber: '[the number of bookings]',
  number: "[the field's number]",
  length: '[the number shown]',
  kinds: '[the kinds of help]',
  validityMonths: '[the months]',
};
