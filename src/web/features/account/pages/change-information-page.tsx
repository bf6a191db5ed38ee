import { changePasswordForm, PASSWORD_PATTERN_MESSAGE } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { PasswordInput } from '../../../components/password-input';
import { SkeletonText } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useMyInfo } from '../../../lib/session';
import { useChangePassword } from '../api';
import { ContactForm } from '../components/contact-form';

type Values = z.infer<typeof changePasswordForm>;
const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((v) =>
        change.mutate(
          { oldPassword: v.oldPassword, newPassword: v.newPassword },
          {
            onSuccess: (text) => {
              toast.success(typeof text === 'string' && text ? text : 'Đổi mật khẩu thành công');
              reset(EMPTY);
            },
            onError: (err) => toast.error(errorMessage(err)),
          },
        ),
      )}
    >
      <FormField
        label="Mật khẩu hiện tại"
        htmlFor="old-password"
        error={errors.oldPassword?.message}
        required
      >
        <PasswordInput id="old-password" autoComplete="current-password" {...register('oldPassword')} />
      </FormField>
      <FormField
        label="Mật khẩu mới"
        htmlFor="new-password"
        error={errors.newPassword?.message}
        hint={errors.newPassword ? undefined : PASSWORD_PATTERN_MESSAGE}
        required
      >
        <PasswordInput id="new-password" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField
        label="Nhập lại mật khẩu mới"
        htmlFor="confirm-password"
        error={errors.confirmPassword?.message}
        required
      >
        <PasswordInput id="confirm-password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={change.isPending}>
          Đổi mật khẩu
        </Button>
      </div>
    </form>
  );
}

/** /dashboard/profile/change-information: change password, and the contact details. */
export default function ChangeInformationPage() {
  const { data: user } = useMyInfo();
  return (
    <>
      <PageHeader
        title="Đổi mật khẩu và thông tin liên hệ"
        description="Bảo vệ tài khoản và cập nhật cách liên lạc với bạn."
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <section
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="password-title"
        >
          <h2 id="password-title" className="mb-4 text-base font-semibold text-slate-900">
            Đổi mật khẩu
          </h2>
          <ChangePasswordForm />
        </section>
        <section
          className="self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="contact-title"
        >
          <h2 id="contact-title" className="mb-4 text-base font-semibold text-slate-900">
            Thông tin liên hệ
          </h2>
          {user ? <ContactForm user={user} /> : <SkeletonText lines={3} />}
        </section>
      </div>
    </>
  );
}
