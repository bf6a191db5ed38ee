import type { LeadReceipt, LeadType, SlotChoice } from '@contract/leads';
import { maxLengths } from '@contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  useForm,
} from 'react-hook-form';
import { z } from 'zod';
import { RequestKey } from '../../lib/request-id';
import { useSubmitLead } from './api';
import { alternativesOf, slotKeys } from './booking-api';
import type { ContactValues } from './components/contact-fields';
import { applyServerErrors, newRequestId } from './components/form-helpers';

/**
 * An empty phone or time slot is a missing one: the contract then answers 'Vui lòng nhập số điện
 * thoại' / 'Vui lòng chọn khung giờ' rather than calling an empty value invalid.
 */
function blankAsMissing(values: unknown) {
  if (!values || typeof values !== 'object') return values;
  const v = { ...(values as Record<string, unknown>) };
  for (const key of ['phone', 'timeSlot'])
    if (typeof v[key] === 'string' && !(v[key] as string).trim()) delete v[key];
  return v;
}

/**
 * One public lead form: react-hook-form validating with the contract's schema (the server runs the
 * same one), an idempotency key made when the form opens and kept until a success (a double click or
 * a retry makes one lead), the server's field messages put back on the fields, and the receipt.
 */
export function useLeadForm<V extends FieldValues & { clientRequestId: string }>(
  type: LeadType,
  // biome-ignore lint/suspicious/noExplicitAny: any zod object schema of the contract
  schema: z.ZodType<any, any>,
  defaults: Omit<V, 'clientRequestId'>,
) {
  const form = useForm<V>({
    resolver: zodResolver(z.preprocess(blankAsMissing, schema) as never) as unknown as Resolver<V>,
    defaultValues: { ...defaults, clientRequestId: newRequestId() } as DefaultValues<V>,
  });
  // Every text field gets the contract's limit as `maxlength`: typing stops at the limit instead of a
  // refusal after sending.
  const limits = useMemo(() => maxLengths(schema), [schema]);
  const baseRegister = form.register;
  const register = useCallback(
    (name: Path<V>, options?: RegisterOptions<V, Path<V>>) => ({
      ...baseRegister(name, options),
      maxLength: limits[name],
    }),
    [baseRegister, limits],
  );
  const submit = useSubmitLead<unknown>(type);
  const [receipt, setReceipt] = useState<LeadReceipt | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // A slot taken meanwhile (409): the nearest free slots, offered as one-tap choices.
  const [alternatives, setAlternatives] = useState<SlotChoice[]>([]);
  const queryClient = useQueryClient();

  const requestKey = useRef(new RequestKey());
  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    setAlternatives([]);
    // The form's own key until the body changes: then it is another request with another key.
    const { clientRequestId: _key, ...content } = values;
    const body = { ...content, clientRequestId: requestKey.current.for(content) };
    submit.mutate(body, {
      onSuccess: (r) => setReceipt(r),
      onError: (err) => {
        setFormError(applyServerErrors(err, form.setError, Object.keys(defaults)));
        const offered = alternativesOf(err);
        setAlternatives(offered);
        if (offered.length) void queryClient.invalidateQueries({ queryKey: slotKeys.all });
      },
    });
  });

  /** One of the offered slots: the day and time are set, the refusal goes. */
  function chooseAlternative(choice: SlotChoice) {
    const set = form.setValue as unknown as (name: string, value: string, o?: object) => void;
    set('preferredDate', choice.date, { shouldValidate: true });
    set('timeSlot', choice.timeSlot, { shouldValidate: true });
    setAlternatives([]);
    setFormError(null);
  }

  /** After a success: a fresh form (and a fresh key), keeping what is given. */
  function again(keep: Partial<V>) {
    form.reset({ ...defaults, ...keep, clientRequestId: newRequestId() } as V);
    requestKey.current = new RequestKey();
    setReceipt(null);
    setFormError(null);
    setAlternatives([]);
    submit.reset();
    window.scrollTo({ top: 0 });
  }

  /** "Send another": a fresh form keeping the name, phone and e-mail just given. */
  function againWithContact() {
    const { fullName, phone, email } = form.getValues() as unknown as ContactValues;
    again({ fullName, phone, email } as unknown as Partial<V>);
  }

  return {
    form: { ...form, register } as typeof form,
    onSubmit,
    receipt,
    formError,
    alternatives,
    chooseAlternative,
    pending: submit.isPending,
    again: againWithContact,
  };
}
