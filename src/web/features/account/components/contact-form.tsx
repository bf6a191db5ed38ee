import type { MyInfo } from '@contract/auth';
import { changeInfoQuery } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormField, Input } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useChangeInfo } from '../api';

type Values = z.input<typeof changeInfoQuery>;

/** E-mail and phone of the signed-in user, saved with PUT auth/change-info. */
export function ContactForm({ user }: { user: MyInfo }) {
  const save = useChangeInfo();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, z.output<typeof changeInfoQuery>>({
    resolver: zodResolver(changeInfoQuery),
    defaultValues: { email: user.email ?? '', phone: user.phone ?? '' },
  });

  useEffect(
    () => reset({ email: user.email ?? '', phone: user.phone ?? '' }),
    [user.email, user.phone, reset],
  );

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((v) =>
        save.mutate(v, {
          onSuccess: (text) =>
            toast.success(typeof text === 'string' && text ? text : 'Cập nhật thông tin thành công'),
          onError: (err) => toast.error(errorMessage(err)),
        }),
      )}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" htmlFor="contact-email" error={errors.email?.message} required>
          <Input id="contact-email" type="email" autoComplete="email" {...register('email')} />
        </FormField>
        <FormField label="Số điện thoại" htmlFor="contact-phone" error={errors.phone?.message} required>
          <Input id="contact-phone" type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          Lưu thông tin liên hệ
        </Button>
      </div>
    </form>
  );
}
