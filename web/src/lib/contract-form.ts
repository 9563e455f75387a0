import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form whose fields are a request body of the contracts, checked by the contract's own zod schema
 * (react-hook-form with the zod resolver): the screen shows the very messages the server would
 * answer with, and the submit handler gets the parsed body (trimmed, as the server reads it). It
 * checks on submit, then again on each change of a field that was wrong.
 */
export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}
