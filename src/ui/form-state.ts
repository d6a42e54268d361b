import { collectErrors, hasErrors } from '../schemas/forms';

/** The view of a form machine's context that every form screen needs. */
export interface FormContextLike<F extends string> {
  values: Record<F, string>;
  touched: Partial<Record<F, boolean>>;
  dirty: boolean;
  submitAttempted: boolean;
}

/**
 * Errors to show (a field's error appears once it was left or a submit was tried) and whether
 * submit is allowed (spec: disabled while pristine, invalid or submitting).
 */
export const formView = <F extends string>(
  context: FormContextLike<F>,
  validators: Partial<Record<F, (value: string) => string | null>>,
  submitting: boolean,
) => {
  const errors = collectErrors(context.values, validators);
  const shown: Partial<Record<F, string>> = {};
  for (const field of Object.keys(errors) as F[]) {
    if (context.touched[field] || context.submitAttempted) shown[field] = errors[field];
  }
  return {
    errors: shown,
    canSubmit: context.dirty && !hasErrors(errors) && !submitting,
  };
};
