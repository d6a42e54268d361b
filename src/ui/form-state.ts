import { collectErrors, hasErrors } from '../schemas/forms';

/** The view of a form machine's context that every form screen needs. */
export interface FormContextLike<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
}

/**
 * Which fields' errors show: a field's error appears once it was left, once a submit was tried,
 * or once the customer went past it (a field after it, in `order`, the form's order, was left, or
 * is in `passed`: a radio group answered, which sends no blur), so a required field skipped shows
 * its error without a blur inside it.
 */
export const shownErrors = <F extends string>(
  context: { touched: Partial<Record<F, boolean>>; submitAttempted: boolean },
  order: readonly F[],
  errors: Partial<Record<F, string>>,
  passed: Partial<Record<F, boolean>> = {},
): Partial<Record<F, string>> => {
  let reached = -1;
  order.forEach((field, index) => {
    if (context.touched[field] || passed[field]) reached = index;
  });
  const shown: Partial<Record<F, string>> = {};
  order.forEach((field, index) => {
    const error = errors[field];
    if (error && (context.touched[field] || context.submitAttempted || index < reached)) shown[field] = error;
  });
  return shown;
};

/**
 * Errors to show (shownErrors) and whether submit is allowed (spec: disabled while pristine,
 * invalid or submitting), with `blocking`: the fields still missing or wrong, in the form's
 * order, for the hint beside a disabled submit (src/ui/submit-hint.tsx).
 */
export const formView = <F extends string>(
  context: FormContextLike<F>,
  validators: Partial<Record<F, (value: string) => string | null>>,
  submitting: boolean,
) => {
  const errors = collectErrors(context.values, validators);
  const order = Object.keys(validators) as F[];
  return {
    errors: shownErrors(context, order, errors),
    blocking: order.filter((field) => errors[field] !== undefined),
    canSubmit: context.dirty && !hasErrors(errors) && !submitting,
  };
};
