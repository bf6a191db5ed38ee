import type { MyInfo } from '@contract/auth';
import { CURRENT_PASSWORD_FOR_EMAIL, changeInfoQuery } from '@contract/auth';
import { maxLengths } from '@contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormField, Input } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useChangeInfo } from '../api';

type Values = z.input<typeof changeInfoQuery>;
const LIMITS = maxLengths(changeInfoQuery);

/**
 * E-mail and phone of the signed-in user, saved with PUT auth/change-info. A new e-mail asks for the
 * current password (reset codes go there), and the old address is told of the change by the server.
 * An address an admin set is not the owner's until they confirm it here with their password.
 */
export function ContactForm({ user }: { user: MyInfo }) {
  const save = useChangeInfo();
  const current = user.email ?? '';
  const schema = useMemo(
    () =>
      changeInfoQuery.refine((v) => v.email === current || !!v.currentPassword, {
        message: CURRENT_PASSWORD_FOR_EMAIL,
        path: ['currentPassword'],
      }),
    [current],
  );
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, z.output<typeof changeInfoQuery>>({
    resolver: zodResolver(schema),
    defaultValues: { email: current, phone: user.phone ?? '', currentPassword: '' },
  });

  useEffect(
    () => reset({ email: user.email ?? '', phone: user.phone ?? '', currentPassword: '' }),
    [user.email, user.phone, reset],
  );

  const email = useWatch({ control, name: 'email' }) ?? '';
  const emailChanged = email.trim().toLowerCase() !== current.toLowerCase();
  const unconfirmed = !emailChanged && !!current && !user.emailConfirmed;
  const askPassword = emailChanged || unconfirmed;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((v) =>
        save.mutate(
          {
            email: v.email,
            phone: v.phone,
            ...(askPassword && v.currentPassword ? { currentPassword: v.currentPassword } : {}),
          },
          {
            onSuccess: (text) => {
              toast.success(typeof text === 'string' && text ? text : 'Cập nhật thông tin thành công');
              if (emailChanged) toast.info(`Đã gửi thông báo đến email cũ ${current}.`);
            },
            onError: (err) => {
              const field =
                err instanceof ApiError
                  ? (err.data as { errors?: Record<string, string> })?.errors
                  : undefined;
              if (field?.currentPassword) setError('currentPassword', { message: field.currentPassword });
              toast.error(errorMessage(err));
            },
          },
        ),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" htmlFor="contact-email" error={errors.email?.message} required>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            maxLength={LIMITS.email}
            {...register('email')}
          />
        </FormField>
        <FormField label="Số điện thoại" htmlFor="contact-phone" error={errors.phone?.message} required>
          <Input id="contact-phone" type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        </FormField>
      </div>
      {unconfirmed ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
          Email này do quản trị viên đặt và bạn chưa xác nhận: mã đặt lại mật khẩu chưa được gửi đến đó. Nếu
          đúng là email của bạn, hãy nhập mật khẩu hiện tại rồi lưu để xác nhận.
        </p>
      ) : null}
      {askPassword ? (
        <FormField
          label="Mật khẩu hiện tại"
          htmlFor="contact-current-password"
          error={errors.currentPassword?.message}
          hint={
            errors.currentPassword
              ? undefined
              : emailChanged
                ? 'Cần để đổi email: mã đặt lại mật khẩu sẽ gửi đến email mới.'
                : 'Để xác nhận email; bỏ trống nếu chỉ đổi số điện thoại.'
          }
          required={emailChanged}
        >
          <PasswordInput
            id="contact-current-password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        </FormField>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!isDirty && !unconfirmed}>
          Lưu thông tin liên hệ
        </Button>
      </div>
    </form>
  );
}
