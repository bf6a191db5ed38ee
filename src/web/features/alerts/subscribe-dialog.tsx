import { describeSearch, type SavedSearchFilters } from '@contract/alerts-labels';
import { formatPrice } from '@contract/format';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/button';
import { FormAlert, FormField, Input } from '../../components/form-field';
import { ModalDialog } from '../../components/modal-dialog';
import { ZaloConsentBox } from '../../components/zalo-consent-box';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSignUp } from './api';
import { checkEmail, checkPhone, EMAIL_MAX, rememberEmail, rememberedEmail } from './validate';

export type SubscribeTarget =
  | { kind: 'search'; filters: SavedSearchFilters }
  | { kind: 'price'; car: { carId: number; carName: string; sellPrice: number } };

export interface SubscribeDialogProps {
  open: boolean;
  target: SubscribeTarget;
  onClose: () => void;
}

type Field = 'email' | 'phone';

/** The fields' messages from a 400 ("email", "phone" in its errors), or null when none is a field's. */
function fieldErrors(err: unknown): Partial<Record<Field, string>> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.data as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  const found = { email: errors.email, phone: errors.phone };
  return found.email || found.phone ? found : null;
}

/**
 * "Nhận thông báo xe mới" (the list's filters) or "Báo khi giảm giá" (one car) in a native modal
 * dialog: the e-mail (required: the sign-up is confirmed from it), an optional phone and "Nhận thông
 * báo qua Zalo" for the same news on Zalo; the answer asks the visitor to confirm from their inbox
 * (double opt-in).
 */
export default function SubscribeDialog({ open, target, onClose }: SubscribeDialogProps) {
  const titleId = useId();
  const emailId = useId();
  const phoneId = useId();
  const signUp = useSignUp();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [zaloConsent, setZaloConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
    const found = { email: checkEmail(email), phone: checkPhone(phone, zaloConsent) };
    setErrors(found);
    if (found.email || found.phone) {
      document.getElementById(found.email ? emailId : phoneId)?.focus();
      return;
    }
    const address = email.trim();
    const contact = { email: address, phone: phone.trim() || undefined, zaloConsent };
    signUp.mutate(
      target.kind === 'search'
        ? { kind: 'search', ...contact, filters: target.filters }
        : { kind: 'price', ...contact, carId: target.car.carId },
      {
        onSuccess: () => rememberEmail(address),
        onError: (err) => {
          const onFields = fieldErrors(err);
          if (onFields) setErrors(onFields);
        },
      },
    );
  }

  const refusal = signUp.isError && !fieldErrors(signUp.error) ? errorMessage(signUp.error) : null;

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
              error={errors.email}
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
                  if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
                }}
              />
            </FormField>
            <FormField
              label="Số điện thoại (không bắt buộc)"
              htmlFor={phoneId}
              error={errors.phone}
              hint="Ví dụ: 0901 234 567. Chỉ dùng để gửi thông báo qua Zalo khi bạn đánh dấu ô dưới đây."
            >
              <Input
                id={phoneId}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                value={phone}
                onChange={(e) => {
                  setPhone(e.target.value);
                  if (errors.phone) setErrors((x) => ({ ...x, phone: undefined }));
                }}
              />
            </FormField>
            <ZaloConsentBox
              id={`${titleId}-zalo`}
              checked={zaloConsent}
              onChange={(e) => {
                setZaloConsent(e.target.checked);
                if (errors.phone) setErrors((x) => ({ ...x, phone: undefined }));
              }}
              hint="Tin xe mới phù hợp và xe giảm giá gửi cả qua Zalo theo số đã nhập, sau khi bạn xác nhận email"
            />
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
