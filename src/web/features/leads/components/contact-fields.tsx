import { HONEYPOT_FIELD } from '@contract/leads';
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { FormSection, Honeypot } from './form-parts';

/** What every public lead form asks of the visitor, whatever else it asks. */
export interface ContactValues {
  fullName: string;
  phone: string;
  email: string;
  website: string;
}

/**
 * The "Thông tin liên hệ" section of a public lead form: name, phone, e-mail (required only where the
 * form answers by e-mail) and whatever the form adds below them (a note). Ids are `<idPrefix>-name`...
 */
export function ContactFields<V extends ContactValues>({
  form,
  idPrefix,
  title,
  emailRequired = false,
  children,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  title: string;
  emailRequired?: boolean;
  children?: ReactNode;
}) {
  const {
    register,
    formState: { errors },
  } = form as unknown as UseFormReturn<ContactValues>;
  return (
    <FormSection title={title}>
      <FormField label="Họ và tên" htmlFor={`${idPrefix}-name`} required error={errors.fullName?.message}>
        <Input id={`${idPrefix}-name`} autoComplete="name" {...register('fullName')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Số điện thoại"
          htmlFor={`${idPrefix}-phone`}
          required
          error={errors.phone?.message}
          hint="Ví dụ: 0901 234 567"
        >
          <Input
            id={`${idPrefix}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            {...register('phone')}
          />
        </FormField>
        <FormField
          label="Email"
          htmlFor={`${idPrefix}-email`}
          required={emailRequired}
          error={errors.email?.message}
          hint={emailRequired ? undefined : 'Không bắt buộc'}
        >
          <Input
            id={`${idPrefix}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...register('email')}
          />
        </FormField>
      </div>
      {children}
    </FormSection>
  );
}

/**
 * The end of a public lead form: the robots' field, the form-wide error, the send button and, where
 * the form has one, the line saying what happens next.
 */
export function LeadSubmit<V extends ContactValues>({
  form,
  pending,
  formError,
  label,
  note,
}: {
  form: UseFormReturn<V>;
  pending: boolean;
  formError: string | null;
  label: string;
  note?: string;
}) {
  const { register } = form as unknown as UseFormReturn<ContactValues>;
  const button = (
    <Button type="submit" loading={pending} className="w-full text-base sm:w-auto sm:px-8">
      {!pending ? <Send className="size-4" aria-hidden="true" /> : null}
      {label}
    </Button>
  );
  return (
    <>
      <Honeypot {...register(HONEYPOT_FIELD as 'website')} />
      <FormAlert>{formError}</FormAlert>
      {note ? (
        <div className="space-y-2">
          {button}
          <p className="text-xs text-slate-500">{note}</p>
        </div>
      ) : (
        button
      )}
    </>
  );
}
