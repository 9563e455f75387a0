import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form whose fields are a request body of the contracts, checked by the contract's own zod schema
 * (react-hook-form with the zod resolver): the screen shows the very messages the server would
 * answer with, and the submit handler gets the parsed body (trimmed, as the server reads it). It
 * checks on submit, then again on each change of a field that was wrong; a submit with errors
 * moves the focus to the first wrong field. `checkEveryChange` checks from the first change on,
 * for a form that marks a wrong value and disables its submit while it is typed (no message).
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  { checkEveryChange = false }: { checkEveryChange?: boolean } = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: checkEveryChange ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/**
 * What a text field (`ui/text-input`, `ui/field`) of a contract form takes: the field's
 * registration (name, ref for the focus, change and blur) and the schema's message for it, which
 * the input shows under itself and ties to itself (aria-invalid, aria-describedby).
 */
export function contractField<V extends FieldValues, O>(
  form: UseFormReturn<V, unknown, O>,
  name: Path<V>,
  options?: RegisterOptions<V, Path<V>>,
) {
  const error = get(form.formState.errors, name) as FieldError | undefined;
  return { ...form.register(name, options), error: error?.message };
}
