import { describeSearch, type SavedSearchFilters } from '@contract/alerts-labels';
import { formatPrice } from '@contract/format';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/button';
import { FormAlert, FormField, Input } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSignUp } from './api';
import { checkEmail, EMAIL_MAX, rememberEmail, rememberedEmail } from './validate';

export type SubscribeTarget =
  | { kind: 'search'; filters: SavedSearchFilters }
  | { kind: 'price'; car: { carId: number; carName: string; sellPrice: number } };

export interface SubscribeDialogProps {
  open: boolean;
  target: SubscribeTarget;
  onClose: () => void;
}

/** The e-mail's field message from a 400 ("email" in its errors), or null. */
function emailError(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.data as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  return errors.email ?? null;
}

/**
 * "Nhận thông báo xe mới" (the list's filters) or "Báo khi giảm giá" (one car) in a native modal
 * dialog: one e-mail field; the answer asks the visitor to confirm from their inbox (double opt-in).
 */
export default function SubscribeDialog({ open, target, onClose }: SubscribeDialogProps) {
  const titleId = useId();
  const emailId = useId();
  const signUp = useSignUp();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time it opens
  useEffect(() => {
    if (open) {
      setEmail((e) => e || rememberedEmail());
      signUp.reset();
    }
  }, [open]);

  const title = target.kind === 'search' ? 'Nhận thông báo xe mới' : 'Báo khi giảm giá';
  const done = signUp.data;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (signUp.isPending) return;
    const found = checkEmail(email);
    setError(found);
    if (found) {
      document.getElementById(emailId)?.focus();
      return;
    }
    const address = email.trim();
    signUp.mutate(
      target.kind === 'search'
        ? { kind: 'search', email: address, filters: target.filters }
        : { kind: 'price', email: address, carId: target.car.carId },
      {
        onSuccess: () => rememberEmail(address),
        onError: (err) => {
          const onField = emailError(err);
          if (onField) setError(onField);
        },
      },
    );
  }

  const refusal = signUp.isError && !emailError(signUp.error) ? errorMessage(signUp.error) : null;

  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      width="max-w-md"
      testId="alert-dialog"
      titleId={titleId}
    >
      <div className="space-y-4 p-4 sm:p-6">
        <div className="rounded-xl bg-slate-50 p-3 text-sm">
          {target.kind === 'search' ? (
            <>
              <p className="text-slate-600">Xe mới phù hợp với bộ lọc:</p>
              <p className="font-semibold text-slate-900">{describeSearch(target.filters)}</p>
            </>
          ) : (
            <>
              <p className="font-semibold text-slate-900">{target.car.carName}</p>
              <p className="text-slate-600">Giá hiện tại {formatPrice(target.car.sellPrice)}</p>
            </>
          )}
        </div>
        {done ? (
          <div className="space-y-4" role="status" data-testid="alert-done">
            <div className="flex gap-3">
              <MailCheck className="size-6 shrink-0 text-emerald-600" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900">
                  {done.confirmationSent ? 'Vui lòng kiểm tra hộp thư' : 'Đã đăng ký'}
                </p>
                <p className="mt-1 text-sm text-slate-700">{done.message}</p>
              </div>
            </div>
            <Button variant="secondary" className="min-h-12 w-full text-base" onClick={onClose}>
              Đóng
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={titleId}>
            <FormField
              label="Email nhận thông báo"
              htmlFor={emailId}
              required
              error={error}
              hint="Showroom gửi một email xác nhận trước; sau đó mỗi ngày tối đa một email, hủy bằng một lần bấm."
            >
              <Input
                id={emailId}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (error) setError(undefined);
                }}
              />
            </FormField>
            <FormAlert>{refusal}</FormAlert>
            <Button type="submit" className="min-h-12 w-full text-base" loading={signUp.isPending}>
              {target.kind === 'search' ? 'Nhận thông báo' : 'Báo cho tôi khi giảm giá'}
            </Button>
          </form>
        )}
      </div>
    </ModalDialog>
  );
}
