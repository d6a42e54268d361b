/**
 * The one field binding: what a form screen hands a field (src/ui/text-field.tsx and its kin) so
 * it shows the machine's value and error and reports changes and blurs as the form kit's events
 * (`form.change`, `form.blur`; machines/lib/form-kit.ts).
 *
 *   <TextField label="Email address" {...bindField(send, 'email', values.email, errors.email)} />
 */
type FieldEvent<F extends string> = { type: 'form.change'; field: F; value: string } | { type: 'form.blur'; field: F };

interface FieldBinding {
  value: string;
  error: string | undefined;
  onValueChange: (value: string) => void;
  onBlur: () => void;
}

export const bindField = <F extends string>(
  send: (event: FieldEvent<F>) => void,
  field: F,
  value: string | undefined,
  error: string | null | undefined,
): FieldBinding => ({
  value: value ?? '',
  error: error ?? undefined,
  onValueChange: (next) => send({ type: 'form.change', field, value: next }),
  onBlur: () => send({ type: 'form.blur', field }),
});
