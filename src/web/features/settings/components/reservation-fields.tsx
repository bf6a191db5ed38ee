import { bankByBin, VIETQR_BANKS } from '@contract/banks';
import { formatVnd } from '@contract/format';
import { maxLengths } from '@contract/limits';
import { depositFor, holdText, reservationsOpen } from '@contract/reservation-labels';
import { reservationSettings } from '@contract/reservations';
import { WEBHOOK_KEY_MASK, type WebConfiguration } from '@contract/web-config';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../../components/button';
import { FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PasswordInput } from '../../../components/password-input';
import { useWebConfig } from '../../../lib/web-config';
import { Card, PercentInput } from './settings-fields';

/** A webhook key hard to guess: 32 random bytes as hex. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const EXAMPLE_PRICE = 500_000_000;
const LIMITS = maxLengths(reservationSettings);

type Reservations = WebConfiguration['reservations'];
const PAYMENT_FIELDS = ['bankBin', 'accountNumber', 'accountName', 'webhookApiKey'] as const;

/** Does the form change where deposits go or the webhook key, against what was loaded? */
export function paymentsChanged(form: Reservations | undefined, stored: Reservations | undefined) {
  return !!form && !!stored && PAYMENT_FIELDS.some((f) => (form[f] ?? '') !== (stored[f] ?? ''));
}

/** The current password asked when the deposit account or the webhook key changes. */
export interface PaymentPassword {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * "Đặt cọc giữ xe": whether visitors may reserve a car online, the deposit, how long they have to pay
 * and how long a paid hold lasts, the account the VietQR code pays into, and the key the bank-transfer
 * notifier (SePay) must send. Saved with the rest of the settings; the key is write-only (the server
 * sends it back masked), and changing the account or the key asks for the current password.
 */
export function ReservationFields({
  register,
  control,
  setValue,
  errors,
  stored,
  password,
}: {
  register: UseFormRegister<WebConfiguration>;
  control: Control<WebConfiguration>;
  setValue: UseFormSetValue<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['reservations'];
  stored: Reservations | undefined;
  password: PaymentPassword;
}) {
  const settings = useWatch({ control, name: 'reservations' });
  const askPassword = paymentsChanged(settings, stored);
  const keyKept = settings?.webhookApiKey === WEBHOOK_KEY_MASK;
  const mode = settings?.depositMode ?? 'fixed';
  const bank = settings ? bankByBin(settings.bankBin) : undefined;
  const open = settings ? reservationsOpen(settings) : false;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  // An environment setting, not a stored one: read from the public settings the server fills in.
  const holdMinutes = useWebConfig().data?.reservations.holdMinutes;

  return (
    <Card
      id="cfg-reservations"
      title="Đặt cọc giữ xe"
      description="Khách đặt cọc trên trang chi tiết xe bằng mã VietQR; xe chuyển sang Đang giao dịch trong thời gian giữ."
    >
      <div className="space-y-5">
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input type="checkbox" className="size-5 accent-brand-600" {...register('reservations.enabled')} />
          <span className="text-sm font-medium text-slate-700">Nhận đặt cọc trực tuyến</span>
        </label>
        {settings?.enabled && !open ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
            Chưa nhận đặt cọc: cần chọn ngân hàng, nhập số tài khoản và tên chủ tài khoản bên dưới.
          </p>
        ) : null}

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Cách tính tiền cọc</legend>
          <div className="flex flex-wrap gap-x-6">
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value="fixed"
                className="size-4 accent-brand-600"
                {...register('reservations.depositMode')}
              />
              Số tiền cố định
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                value="percent"
                className="size-4 accent-brand-600"
                {...register('reservations.depositMode')}
              />
              Theo % giá xe
            </label>
          </div>
        </fieldset>

        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {mode === 'fixed' ? (
            <Controller
              control={control}
              name="reservations.depositAmount"
              render={({ field }) => (
                <FormField
                  label="Tiền cọc"
                  htmlFor="cfg-res-amount"
                  error={errors?.depositAmount?.message}
                  hint="Từ 100.000 đ đến 1 tỷ"
                >
                  <NumberInput
                    id="cfg-res-amount"
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    suffix="VNĐ"
                  />
                </FormField>
              )}
            />
          ) : (
            <Controller
              control={control}
              name="reservations.depositPercent"
              render={({ field }) => (
                <FormField
                  label="Tỷ lệ cọc"
                  htmlFor="cfg-res-percent"
                  error={errors?.depositPercent?.message}
                  hint={`Từ 0,5% đến 50%, làm tròn lên 100.000 đ. Xe ${formatVnd(EXAMPLE_PRICE)}: cọc ${formatVnd(depositFor(EXAMPLE_PRICE, { depositMode: 'percent', depositAmount: 0, depositPercent: Number(field.value) || 0 }))}`}
                >
                  {/* PercentInput edits a fraction (0.05); this setting is kept as a percent (5). */}
                  <PercentInput
                    id="cfg-res-percent"
                    name={field.name}
                    value={field.value / 100}
                    onChange={(v) => field.onChange(Number.isNaN(v) ? v : Math.round(v * 100_000) / 1000)}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
          )}
          <FormField
            label="Thời hạn thanh toán"
            htmlFor="cfg-res-hold"
            hint="Đặt bằng biến môi trường RESERVATION_HOLD_MINUTES. Hạn rơi ngoài giờ mở cửa được dời sang giờ mở cửa kế tiếp thêm 60 phút."
          >
            <Input id="cfg-res-hold" readOnly value={holdMinutes ? holdText(holdMinutes) : ''} />
          </FormField>
          <FormField
            label="Số ngày giữ xe sau khi cọc"
            htmlFor="cfg-res-days"
            error={errors?.paidHoldDays?.message}
            hint="Từ 1 đến 30 ngày"
          >
            <Input
              id="cfg-res-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              {...register('reservations.paidHoldDays', { valueAsNumber: true })}
            />
          </FormField>
        </div>

        <h3 className="text-sm font-semibold text-slate-800">Tài khoản nhận cọc</h3>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <FormField
            label="Ngân hàng"
            htmlFor="cfg-res-bank"
            error={errors?.bankBin?.message}
            hint={bank?.name}
          >
            <Select id="cfg-res-bank" {...register('reservations.bankBin')}>
              <option value="">Chọn ngân hàng</option>
              {VIETQR_BANKS.map((b) => (
                <option key={b.bin} value={b.bin}>
                  {b.shortName}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Số tài khoản" htmlFor="cfg-res-account" error={errors?.accountNumber?.message}>
            <Input
              id="cfg-res-account"
              inputMode="numeric"
              autoComplete="off"
              maxLength={LIMITS.accountNumber}
              {...register('reservations.accountNumber')}
            />
          </FormField>
          <FormField
            label="Tên chủ tài khoản"
            htmlFor="cfg-res-name"
            error={errors?.accountName?.message}
            hint="Viết hoa không dấu, đúng như ngân hàng hiển thị"
          >
            <Input
              id="cfg-res-name"
              autoComplete="off"
              maxLength={LIMITS.accountName}
              placeholder="CONG TY TNHH AUTOVIET"
              {...register('reservations.accountName')}
            />
          </FormField>
        </div>

        <h3 className="text-sm font-semibold text-slate-800">Xác nhận tự động từ ngân hàng</h3>
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Khóa API webhook"
            htmlFor="cfg-res-key"
            error={errors?.webhookApiKey?.message}
            hint={
              keyKept
                ? 'Đã đặt khóa; khóa không hiển thị lại. Nhập hoặc tạo khóa mới để thay.'
                : settings?.webhookApiKey
                  ? 'Sao chép khóa vào SePay trước khi lưu: sau khi lưu, khóa không hiển thị lại.'
                  : 'Để trống: mọi thông báo chuyển khoản bị từ chối, nhân viên xác nhận bằng tay.'
            }
          >
            <PasswordInput
              id="cfg-res-key"
              autoComplete="off"
              spellCheck={false}
              maxLength={LIMITS.webhookApiKey}
              onFocus={(e) => {
                // The mask stands for the stored key: typing starts a new one.
                if (e.currentTarget.value === WEBHOOK_KEY_MASK) e.currentTarget.select();
              }}
              {...register('reservations.webhookApiKey')}
            />
          </FormField>
          <div className="md:pt-7">
            <Button
              variant="secondary"
              onClick={() =>
                setValue('reservations.webhookApiKey', randomKey(), {
                  shouldDirty: true,
                  shouldValidate: true,
                })
              }
            >
              Tạo khóa ngẫu nhiên
            </Button>
          </div>
        </div>
        {askPassword ? (
          <FormField
            label="Mật khẩu hiện tại"
            htmlFor="cfg-res-password"
            className="max-w-md"
            error={password.error}
            hint={password.error ? undefined : 'Cần để đổi tài khoản nhận cọc hoặc khóa API webhook.'}
            required
          >
            <PasswordInput
              id="cfg-res-password"
              autoComplete="current-password"
              value={password.value}
              onChange={(e) => password.onChange(e.target.value)}
            />
          </FormField>
        ) : null}
        <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          <p>Khai báo trong dịch vụ báo chuyển khoản (SePay) của tài khoản trên:</p>
          <dl className="mt-2 space-y-1">
            <div className="flex flex-col sm:flex-row sm:gap-2">
              <dt className="shrink-0 text-slate-500">Địa chỉ webhook:</dt>
              <dd className="font-mono break-all text-slate-900">{origin}/api/payments/sepay</dd>
            </div>
            <div className="flex flex-col sm:flex-row sm:gap-2">
              <dt className="shrink-0 text-slate-500">Header:</dt>
              <dd className="font-mono break-all text-slate-900">Authorization: Apikey &lt;khóa&gt;</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-slate-500">
            Chuyển khoản có nội dung chứa mã đặt cọc và đủ số tiền sẽ tự xác nhận; các trường hợp khác hiện ở
            Đặt cọc giữ xe › Giao dịch ngân hàng để nhân viên xử lý.
          </p>
        </div>
      </div>
    </Card>
  );
}
