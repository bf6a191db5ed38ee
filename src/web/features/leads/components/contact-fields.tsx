import { HONEYPOT_FIELD } from '@contract/leads';
import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { FormSection, Honeypot, ZaloConsentBox } from './form-parts';

/** What every public lead form asks of the visitor, whatever else it asks. */
export interface ContactValues {
  fullName: string;
  phone: string;
  email: string;
  website: string;
  /** "Nhận thông báo qua Zalo": the showroom's messages reach the visitor's Zalo by phone number. */
  zaloConsent?: boolean;
}

/**
 * The "Thông tin liên hệ" section of a public lead form: name, phone, e-mail (required only where the
 * form answers by e-mail) and, where the form has one, the visitor's free note. Ids are `<idPrefix>-name`...
 */
export function ContactFields<V extends ContactValues>({
  form,
  idPrefix,
  title,
  emailRequired = false,
  note,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  title: string;
  emailRequired?: boolean;
  /** The optional note (field `note`) below the contact details. */
  note?: { label: string; placeholder: string };
}) {
  const {
    register,
    formState: { errors },
  } = form as unknown as UseFormReturn<ContactValues & { note: string }>;
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
      <ZaloConsentBox id={`${idPrefix}-zalo`} {...register('zaloConsent')} />
      {note ? (
        <FormField label={note.label} htmlFor={`${idPrefix}-note`} error={errors.note?.message}>
          <CountedTextarea
            id={`${idPrefix}-note`}
            rows={3}
            placeholder={note.placeholder}
            {...register('note')}
          />
        </FormField>
      ) : null}
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
  children,
}: {
  form: UseFormReturn<V>;
  pending: boolean;
  formError: string | null;
  label: string;
  note?: string;
  /** Shown under the form-wide error (the free slots a 409 offers). */
  children?: ReactNode;
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
      {children}
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
