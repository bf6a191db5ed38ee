import { maxLengths } from '@contract/limits';
import { type Permission, ROLE_LABELS, ROLES, type Role } from '@contract/permissions';
import { permissionList, userCreateBody, userUpdateBody } from '@contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { BackLink } from '../../../components/back-link';
import { Button, buttonClass } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { FormField, Input } from '../../../components/form-field';
import { MissingRecord } from '../../../components/missing-record';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { enumOptions } from '../../../lib/enum-options';
import { useMyInfo } from '../../../lib/session';
import { suggestUsername, useSaveUser, useSendReset, useUser } from '../api';
import { PermissionsEditor } from '../components/permissions-editor';
import { ReceivesLeadsField } from '../components/receives-leads-field';

interface FormValues {
  fullName: string;
  username: string;
  email: string;
  phone: string;
  role: Role;
  permissions: Permission[];
  receivesLeads: boolean;
}

const EMPTY: FormValues = {
  fullName: '',
  username: '',
  email: '',
  phone: '',
  role: 'STAFF',
  permissions: [],
  receivesLeads: false,
};

// The contract's bodies, with the form's empty username meaning "generate one".
const createSchema = userCreateBody.extend({
  username: z.preprocess((v) => (v === '' ? undefined : v), userCreateBody.shape.username),
});
const updateSchema = userUpdateBody.extend({
  permissions: permissionList,
  username: z.string().optional(),
  receivesLeads: z.boolean(),
});
const LIMITS = maxLengths(userCreateBody);

/**
 * Nobody sets another person's password: a new account's owner is mailed a code to choose one, and
 * an existing account can be sent a reset mail (the password stays until its owner uses the code).
 */
function PasswordNote({ userId }: { userId: number | null }) {
  const send = useSendReset(userId);
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
      <p className="flex gap-2">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
        {userId === null
          ? 'Mật khẩu do chính người dùng tự đặt: sau khi thêm, họ nhận email có mã xác nhận (hiệu lực 72 giờ).'
          : 'Không ai đặt mật khẩu thay người khác. Nếu nhân viên quên mật khẩu, hãy gửi cho họ email đặt lại.'}
      </p>
      {userId === null ? null : (
        <Button
          type="button"
          variant="secondary"
          className="mt-3"
          loading={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (text) => toast.success(typeof text === 'string' && text ? text : 'Đã gửi email'),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
        >
          Gửi email đặt lại mật khẩu
        </Button>
      )}
    </div>
  );
}

/** Under the e-mail of an existing account: who may change it, and whether codes can go there. */
function emailHint(locked: boolean, confirmed: boolean | undefined) {
  const state = confirmed
    ? 'Chủ tài khoản đã xác nhận email này.'
    : 'Chủ tài khoản chưa xác nhận email này: chưa gửi được email đặt lại mật khẩu đến đó.';
  return locked
    ? `${state} Chỉ quản trị viên đổi được email; chủ tài khoản tự đổi trong trang Đổi thông tin.`
    : `${state} Email mới chỉ nhận mã sau khi chủ tài khoản xác nhận; email cũ được báo kèm liên kết báo cáo.`;
}

/** /dashboard/users/add and /dashboard/users/:userId: one form for account details and permissions. */
export default function UserFormPage() {
  const { userId } = useParams();
  const id = userId ? Number(userId) : null;
  const isEdit = id !== null;
  const navigate = useNavigate();
  const user = useUser(isEdit && Number.isInteger(id) && id! > 0 ? id : null);
  const save = useSaveUser(id);
  const { data: me } = useMyInfo();
  // Only an admin changes another person's e-mail (and nobody their own here: the profile asks for the
  // password); whoever manages an account never chooses where its codes go.
  const emailLocked = isEdit && (me?.role !== 'ADMIN' || me?.userId === id);

  const resolver = useMemo(
    () => zodResolver(isEdit ? updateSchema : createSchema) as unknown as Resolver<FormValues>,
    [isEdit],
  );
  const {
    register,
    handleSubmit,
    control,
    reset,
    setValue,
    formState: { errors, isDirty },
  } = useForm<FormValues>({ resolver, defaultValues: EMPTY });

  useEffect(() => {
    if (!user.data) return;
    const u = user.data;
    reset({
      fullName: u.fullName,
      username: u.username,
      email: u.email ?? '',
      phone: u.phone ?? '',
      role: u.role,
      permissions: u.permissions,
      receivesLeads: u.receivesLeads,
    });
  }, [user.data, reset]);

  // Username suggestion while the name is typed (add only), until the user writes one themselves.
  const fullName = useWatch({ control, name: 'fullName' });
  const typedUsername = useRef(false);
  useEffect(() => {
    if (isEdit || typedUsername.current) return;
    const name = fullName.trim();
    if (!name) {
      setValue('username', '');
      return;
    }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      suggestUsername(name, ctrl.signal)
        .then((s) => {
          if (!typedUsername.current && typeof s === 'string')
            setValue('username', s.trim(), { shouldValidate: false });
        })
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(t);
      ctrl.abort();
    };
  }, [fullName, isEdit, setValue]);

  const role = useWatch({ control, name: 'role' });

  if (isEdit && (user.isError || (id !== null && !(Number.isInteger(id) && id > 0)))) {
    const notFound = user.error instanceof ApiError && user.error.status === 404;
    return (
      <MissingRecord
        title="Sửa tài khoản"
        message={notFound || !user.isError ? 'Không tìm thấy tài khoản' : errorMessage(user.error)}
        action={
          <Link to="/dashboard/users" className={buttonClass('secondary')}>
            Về danh sách tài khoản
          </Link>
        }
      />
    );
  }

  const loading = isEdit && user.isPending;

  const submit = handleSubmit((v) => {
    save.mutate(
      {
        fullName: v.fullName,
        username: isEdit ? undefined : v.username || undefined,
        email: v.email,
        phone: v.phone || undefined,
        role: v.role,
        permissions: v.permissions,
        receivesLeads: v.receivesLeads,
      },
      {
        onSuccess: (saved) => {
          toast.success(
            isEdit
              ? 'Đã cập nhật tài khoản'
              : `Đã thêm tài khoản ${saved.username}: đã gửi email để họ tự đặt mật khẩu`,
          );
          navigate('/dashboard/users');
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  });

  return (
    <>
      <BackLink to="/dashboard/users">Danh sách tài khoản</BackLink>
      <PageHeader
        title={isEdit ? 'Sửa tài khoản' : 'Thêm tài khoản'}
        description={isEdit ? user.data?.fullName : 'Tạo tài khoản cho nhân viên và cấp quyền quản lý.'}
      />
      <form noValidate onSubmit={submit} className="grid gap-5 lg:grid-cols-2">
        <section
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="account-title"
        >
          <h2 id="account-title" className="mb-4 text-base font-semibold text-slate-900">
            Thông tin tài khoản
          </h2>
          {loading ? (
            <div className="space-y-5">
              {Array.from({ length: 5 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <Skeleton key={i} className="h-11 w-full" />
              ))}
            </div>
          ) : (
            <div className="space-y-4">
              <FormField label="Họ và tên" htmlFor="user-fullname" error={errors.fullName?.message} required>
                <Input
                  id="user-fullname"
                  autoComplete="off"
                  maxLength={LIMITS.fullName}
                  {...register('fullName')}
                />
              </FormField>
              <FormField
                label="Tên đăng nhập"
                htmlFor="user-username"
                error={errors.username?.message}
                hint={
                  isEdit
                    ? 'Tên đăng nhập không thay đổi được.'
                    : 'Gợi ý tự động theo họ tên; bạn có thể sửa lại.'
                }
              >
                <Input
                  id="user-username"
                  autoComplete="off"
                  autoCapitalize="none"
                  readOnly={isEdit}
                  maxLength={LIMITS.username}
                  {...register('username', {
                    onChange: (e) => {
                      typedUsername.current = e.target.value !== '';
                    },
                  })}
                />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label="Email"
                  htmlFor="user-email"
                  error={errors.email?.message}
                  required
                  hint={isEdit ? emailHint(emailLocked, user.data?.emailConfirmed) : undefined}
                >
                  <Input
                    id="user-email"
                    type="email"
                    autoComplete="off"
                    readOnly={emailLocked}
                    maxLength={LIMITS.email}
                    {...register('email')}
                  />
                </FormField>
                <FormField label="Số điện thoại" htmlFor="user-phone" error={errors.phone?.message}>
                  <Input
                    id="user-phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    {...register('phone')}
                  />
                </FormField>
              </div>
              <SelectField
                label="Vai trò"
                id="user-role"
                error={errors.role?.message}
                required
                options={enumOptions(ROLES, ROLE_LABELS)}
                {...register('role')}
              />
              <PasswordNote userId={isEdit ? id : null} />
            </div>
          )}
        </section>

        <section
          className="self-start rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-labelledby="perm-title"
        >
          <h2 id="perm-title" className="text-base font-semibold text-slate-900">
            Quyền quản lý
          </h2>
          {role === 'ADMIN' ? (
            <p className="mt-2 mb-4 flex gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
              <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Quản trị viên có toàn quyền, không cần chọn quyền riêng.
            </p>
          ) : (
            <p className="mt-1 mb-4 text-sm text-slate-500">
              Nhân viên chỉ thấy và mở được các mục đã được cấp quyền.
            </p>
          )}
          {loading ? (
            <SkeletonText lines={4} />
          ) : (
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionsEditor
                  value={field.value}
                  onChange={field.onChange}
                  disabled={role === 'ADMIN'}
                />
              )}
            />
          )}
          {loading ? null : <ReceivesLeadsField control={control} setValue={setValue} />}
        </section>

        <FormActions cancelTo="/dashboard/users" saving={save.isPending} disabled={loading}>
          {isEdit ? 'Lưu thay đổi' : 'Thêm tài khoản'}
        </FormActions>
        <UnsavedChangesDialog dirty={isDirty && !save.isPending} />
      </form>
    </>
  );
}
