import { type LoginBody, loginBody } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { api, errorMessage } from '../../../lib/api-client';
import { setToken } from '../../../lib/token';
import { AuthShell } from '../components/auth-shell';
import { returnPath } from '../return-path';

/** Staff sign-in: stores {"jwt": "..."} under `token`, then the page that asked for it, or /dashboard. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { username: '', password: '' } });

  const login = useMutation({
    mutationFn: (body: LoginBody) => api<string>('auth/login', { method: 'POST', body }),
    onSuccess: (jwt) => {
      queryClient.clear();
      setToken(String(jwt).trim());
      navigate(returnPath(location.state), { replace: true });
    },
  });

  return (
    <AuthShell>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Đăng nhập</h1>
        <p className="mt-1 text-sm text-slate-500">Dành cho nhân viên quản lý showroom.</p>
        <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit((v) => login.mutate(v))}>
          <FormAlert>
            {login.isError ? errorMessage(login.error, 'Đăng nhập thất bại, vui lòng thử lại!') : null}
          </FormAlert>
          <FormField label="Tên đăng nhập" htmlFor="username" error={errors.username?.message}>
            <Input
              id="username"
              autoComplete="username"
              autoCapitalize="none"
              autoFocus
              {...register('username')}
            />
          </FormField>
          <FormField label="Mật khẩu" htmlFor="password" error={errors.password?.message}>
            <PasswordInput id="password" autoComplete="current-password" {...register('password')} />
          </FormField>
          <div className="flex justify-end">
            <Link
              to="/reset-password"
              className="inline-flex min-h-11 items-center text-sm font-medium text-brand-600 hover:text-brand-700"
            >
              Quên mật khẩu?
            </Link>
          </div>
          <Button type="submit" className="w-full" loading={login.isPending}>
            {login.isPending ? null : <LogIn className="size-4" aria-hidden="true" />}
            {login.isPending ? 'Đang đăng nhập...' : 'Đăng nhập'}
          </Button>
        </form>
      </div>
    </AuthShell>
  );
}
