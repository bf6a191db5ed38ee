import { resetConfirmForm, resetRequestForm } from '@contract/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Info, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { PasswordInput } from '../../../components/password-input';
import { ApiError, api } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { AuthShell } from '../components/auth-shell';

const FALLBACK = 'Có lỗi xảy ra, vui lòng thử lại!';
const MISMATCH = 'Mật khẩu nhập lại không khớp';
const SUCCESS = 'Mật khẩu đã được thay đổi thành công! Quay lại trang đăng nhập...';
const REDIRECT_MS = 1000;
const SLIDE_MS = 500;

type RequestValues = z.infer<typeof resetRequestForm>;
type ConfirmValues = z.infer<typeof resetConfirmForm>;

/** Spec section 8: the server's response text when there is one, otherwise the generic sentence. */
function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const data = err.data as { message?: unknown } | string | undefined;
    if (typeof data === 'string' && data.trim()) return data;
    if (data && typeof data === 'object' && typeof data.message === 'string' && data.message)
      return data.message;
  }
  return FALLBACK;
}

function LoginLink() {
  return (
    <p className="mt-6 text-center text-sm text-slate-600">
      Đã nhớ mật khẩu?{' '}
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center font-semibold text-brand-600 hover:text-brand-700"
      >
        Đăng nhập →
      </Link>
    </p>
  );
}

function RequestStep({
  active,
  collapsed,
  onSent,
}: {
  active: boolean;
  collapsed: boolean;
  onSent: (username: string, notice: string) => void;
}) {
  const Title = active ? 'h1' : 'h2';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RequestValues>({ resolver: zodResolver(resetRequestForm), defaultValues: { username: '' } });
  const request = useMutation({
    mutationFn: (username: string) =>
      api<string>('auth/reset-password', { method: 'POST', query: { username } }).then((text) => ({
        username,
        text,
      })),
    onSuccess: ({ username, text }) => onSent(username, typeof text === 'string' ? text : ''),
  });

  return (
    <section
      aria-labelledby="reset-step-1"
      inert={!active}
      className={cx('w-1/2 shrink-0 px-1', collapsed && 'max-h-0')}
    >
      <Title id="reset-step-1" className="text-2xl font-bold text-slate-900">
        Đặt lại mật khẩu
      </Title>
      <p className="mt-3 flex gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Chức năng này chỉ dành cho nhân viên quản lý showroom. Mã xác nhận sẽ được gửi đến email của tài
        khoản.
      </p>
      <form className="mt-5 space-y-4" noValidate onSubmit={handleSubmit((v) => request.mutate(v.username))}>
        <FormAlert>{request.isError ? failureText(request.error) : null}</FormAlert>
        <FormField label="Tên đăng nhập" htmlFor="reset-username" error={errors.username?.message}>
          <Input
            id="reset-username"
            autoComplete="username"
            autoCapitalize="none"
            {...register('username')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={request.isPending}>
          {request.isPending ? 'Đang gửi...' : 'Gửi mã xác nhận'}
        </Button>
      </form>
      <LoginLink />
    </section>
  );
}

function ConfirmStep({
  active,
  collapsed,
  username,
  notice,
  initialCode,
  onBack,
}: {
  active: boolean;
  collapsed: boolean;
  username: string;
  notice: string;
  initialCode: string;
  onBack: () => void;
}) {
  const Title = active ? 'h1' : 'h2';
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ConfirmValues>({
    resolver: zodResolver(resetConfirmForm),
    defaultValues: { token: '', newPassword: '', confirmPassword: '' },
  });

  // A new request (back to step 1 and again) starts a clean form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the username changes
  useEffect(() => {
    reset({ token: initialCode, newPassword: '', confirmPassword: '' });
    setFormError(null);
  }, [username, initialCode, reset]);

  const confirm = useMutation({
    mutationFn: (v: ConfirmValues) =>
      api<string>('auth/reset-password/confirm', {
        method: 'POST',
        query: { username, token: v.token, newPassword: v.newPassword },
      }),
    onSuccess: () => {
      setDone(true);
      timer.current = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS);
    },
    onError: (err) => setFormError(failureText(err)),
  });

  return (
    <section
      aria-labelledby="reset-step-2"
      inert={!active}
      className={cx('w-1/2 shrink-0 px-1', collapsed && 'max-h-0')}
    >
      <Title id="reset-step-2" className="text-2xl font-bold text-slate-900">
        Xác nhận đặt lại mật khẩu
      </Title>
      <p className="mt-2 text-sm text-slate-600">Nhập mã xác nhận được gửi đến tài khoản của bạn</p>
      {notice ? <p className="mt-2 text-xs text-slate-500">{notice}</p> : null}
      <form
        className="mt-5 space-y-4"
        noValidate
        onSubmit={handleSubmit(
          (v) => {
            setFormError(null);
            confirm.mutate(v);
          },
          (errs) => setFormError(errs.confirmPassword?.message === MISMATCH ? `${MISMATCH}.` : null),
        )}
      >
        {done ? <FormAlert tone="success">{SUCCESS}</FormAlert> : <FormAlert>{formError}</FormAlert>}
        <FormField label="Mã xác nhận" htmlFor="reset-token" error={errors.token?.message}>
          <Input
            id="reset-token"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            className="tracking-[0.3em]"
            {...register('token')}
          />
        </FormField>
        <FormField label="Mật khẩu mới" htmlFor="reset-new" error={errors.newPassword?.message}>
          <PasswordInput id="reset-new" autoComplete="new-password" {...register('newPassword')} />
        </FormField>
        <FormField
          label="Nhập lại mật khẩu mới"
          htmlFor="reset-repeat"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput id="reset-repeat" autoComplete="new-password" {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-full" disabled={confirm.isPending || done}>
          {confirm.isPending ? 'Đang gửi...' : 'Đặt lại mật khẩu'}
        </Button>
      </form>
      <button
        type="button"
        onClick={onBack}
        className="mt-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Quay lại bước 1 (gửi lại mã)
      </button>
      <LoginLink />
    </section>
  );
}

/** `#username=..&code=..` (a reset or invitation link) or `#report=..` (a security notice's link). */
function readLinkFragment(hash: string): { username?: string; code?: string; report?: string } | null {
  if (!hash || hash.length < 2) return null;
  const params = new URLSearchParams(hash.slice(1));
  const report = params.get('report') ?? undefined;
  const username = params.get('username') ?? undefined;
  const code = params.get('code') ?? undefined;
  return report || (username && code) ? { report, username, code } : null;
}

/** "This was not me": signs the account out everywhere, undoes an e-mail change, tells the admins. */
function ReportPanel({ token }: { token: string }) {
  const report = useMutation({
    mutationFn: () => api<string>('auth/report-change', { method: 'POST', query: { token } }),
  });
  return (
    <section
      aria-labelledby="report-title"
      className="mb-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200 sm:p-8"
    >
      <h1 id="report-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShieldAlert className="size-5 text-red-600" aria-hidden="true" />
        Báo cáo thay đổi không phải do bạn
      </h1>
      {report.isSuccess ? (
        <FormAlert tone="success">
          {typeof report.data === 'string' ? report.data : 'Đã ghi nhận báo cáo.'}
        </FormAlert>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">
            Mọi phiên đăng nhập của tài khoản sẽ bị đăng xuất, email cũ được khôi phục nếu email vừa bị đổi,
            và quản trị viên được báo. Sau đó hãy đặt lại mật khẩu bên dưới.
          </p>
          <FormAlert>{report.isError ? failureText(report.error) : null}</FormAlert>
          <Button
            type="button"
            variant="danger"
            className="mt-4 w-full"
            disabled={report.isPending}
            onClick={() => report.mutate()}
          >
            {report.isPending ? 'Đang gửi...' : 'Đây không phải tôi: báo cáo ngay'}
          </Button>
        </>
      )}
    </section>
  );
}

/**
 * Password reset: step 1 asks for the username and mails a code; on success
 * the card slides to step 2 (code, new password, repeat); success goes to /login after 1000 ms.
 */
export default function ResetPasswordPage() {
  const [step, setStep] = useState<1 | 2>(1);
  const [username, setUsername] = useState('');
  const [notice, setNotice] = useState('');
  const [initialCode, setInitialCode] = useState('');
  const [reportToken, setReportToken] = useState('');
  const stepTwo = useRef<HTMLDivElement>(null);
  // Once the slide has finished, the hidden step takes no height, so the card fits the visible one.
  const [settled, setSettled] = useState(true);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const go = (next: 1 | 2) => {
    setSettled(false);
    setStep(next);
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => setSettled(true), SLIDE_MS + 50);
  };

  // The mailed link carries the username and the code (or a report token) in its fragment, which never
  // reaches a server; it is read once and removed from the address bar and the history.
  useEffect(() => {
    const link = readLinkFragment(window.location.hash);
    if (!link) return;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (link.report) setReportToken(link.report);
    else if (link.username && link.code) {
      setUsername(link.username);
      setInitialCode(link.code);
      setNotice(`Tài khoản ${link.username}: hãy chọn mật khẩu mới.`);
      setStep(2);
    }
  }, []);

  useEffect(() => {
    if (step === 2)
      stepTwo.current
        ?.querySelector<HTMLInputElement>(initialCode ? '#reset-new' : '#reset-token')
        ?.focus({ preventScroll: true });
    else document.getElementById('reset-username')?.focus({ preventScroll: true });
  }, [step, initialCode]);

  return (
    <AuthShell>
      {reportToken ? <ReportPanel token={reportToken} /> : null}
      <div className="overflow-hidden rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="mb-4 text-xs font-semibold tracking-wide text-slate-500 uppercase" aria-live="polite">
          Bước {step} / 2
        </p>
        <div className="-mx-1 overflow-hidden">
          <div
            ref={stepTwo}
            data-step={step}
            className={cx(
              'flex w-[200%] items-start overflow-hidden transition-transform duration-500 ease-in-out motion-reduce:transition-none',
              step === 2 ? '-translate-x-1/2' : 'translate-x-0',
            )}
          >
            <RequestStep
              active={step === 1}
              collapsed={settled && step !== 1}
              onSent={(name, text) => {
                setUsername(name);
                setNotice(text);
                go(2);
              }}
            />
            <ConfirmStep
              active={step === 2}
              collapsed={settled && step !== 2}
              username={username}
              notice={notice}
              initialCode={initialCode}
              onBack={() => {
                setInitialCode('');
                go(1);
              }}
            />
          </div>
        </div>
      </div>
    </AuthShell>
  );
}
