import { formatPrice, formatThousands } from '@contract/format';
import { holdText } from '@contract/reservation-labels';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { type ComponentProps, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { CarThumb } from '../../../components/car-thumb';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { ZaloConsentBox } from '../../../components/zalo-consent-box';
import { RequestKey } from '../../../lib/request-id';
import { type ReservationRefusal, readRefusal, reservationPath, useCreateReservation } from './api';
import type { ReservableCar } from './reserve-deposit';
import {
  EMAIL_MAX,
  type FieldErrors,
  NAME_MAX,
  type ReservationFields,
  validateReservation,
} from './validate';

export interface ReserveDialogProps {
  open: boolean;
  car: ReservableCar;
  amount: number;
  holdMinutes: number;
  paidHoldDays: number;
  /** The showroom's deposit policy (settings): when the deposit is refunded, when it is forfeited. */
  depositPolicy?: string;
  onClose: () => void;
}

const FIELDS: readonly (keyof ReservationFields)[] = ['fullName', 'phone', 'email'];

function SimilarCars({ refusal, onPick }: { refusal: ReservationRefusal; onPick: () => void }) {
  if (refusal.similar.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="text-sm font-semibold text-slate-900">Xe tương tự đang bán</p>
      <ul className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-2">
        {refusal.similar.map((s) => (
          <li key={s.carId}>
            <Link
              to={`/cars/${s.carId}`}
              onClick={onPick}
              className="flex min-h-11 items-center gap-3 rounded-lg p-2 ring-1 ring-slate-200 hover:bg-slate-50"
            >
              <CarThumb
                src={s.imageUrl ?? undefined}
                className="w-20 rounded-md"
                iconClassName="size-6"
                lazy={false}
              />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 text-sm font-medium text-slate-900">{s.carName}</span>
                <span className="block text-sm font-semibold text-brand-600">{formatPrice(s.sellPrice)}</span>
              </span>
              <ChevronRight className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The deposit form in a native modal <dialog> (focus stays inside, Escape closes). One submission keeps
 * one clientRequestId through its retries, so a double tap or a resend after a dropped answer makes
 * one reservation. Success opens the reservation's own page with its QR code.
 */
export default function ReserveDialog({
  open,
  car,
  amount,
  holdMinutes,
  paidHoldDays,
  depositPolicy,
  onClose,
}: ReserveDialogProps) {
  const titleId = useId();
  const ids = { fullName: useId(), phone: useId(), email: useId() };
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useCreateReservation();
  const requestKey = useRef(new RequestKey());
  const [values, setValues] = useState<ReservationFields>({ fullName: '', phone: '', email: '' });
  const [zaloConsent, setZaloConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<ReservationRefusal | null>(null);
  const conflict = refusal?.status === 409;
  const conflictRef = useRef<HTMLDivElement>(null);
  // The car was taken (or deposits are off): the form is of no more use, the message and the other
  // cars take its place and get the focus, so a screen reader reads them at once.
  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  function close() {
    if (create.isPending) return;
    onClose();
    // After a 409 the car is held or sold: the page shows it once the dialog is gone.
    if (conflict) {
      setRefusal(null);
      void client.invalidateQueries({ queryKey: ['cars'] });
    }
  }

  function change(field: keyof ReservationFields, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function focusFirst(found: FieldErrors) {
    const first = FIELDS.find((f) => found[f]);
    if (first) document.getElementById(ids[first])?.focus();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const found = validateReservation(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setRefusal(null);
    const contact = {
      carId: car.carId,
      fullName: values.fullName.trim(),
      phone: values.phone.trim(),
      email: values.email.trim(),
    };
    create.mutate(
      { ...contact, zaloConsent, clientRequestId: requestKey.current.for(contact) },
      {
        onSuccess: (view) => {
          navigate(reservationPath(view));
          void client.invalidateQueries({ queryKey: ['cars'] });
        },
        onError: (err) => {
          const r = readRefusal(err);
          const onFields: FieldErrors = {};
          for (const f of FIELDS) if (r.errors[f]) onFields[f] = r.errors[f];
          setErrors(onFields);
          // Field messages speak for themselves; anything else is said above the button.
          setRefusal(r.status === 400 && Object.keys(onFields).length > 0 ? null : r);
          focusFirst(onFields);
        },
      },
    );
  }

  /** One required field of the form: its label, its error and the input's own attributes. */
  function field(
    name: keyof ReservationFields,
    label: string,
    input: ComponentProps<'input'>,
    hint?: string,
  ) {
    return (
      <FormField label={label} htmlFor={ids[name]} required error={errors[name]} hint={hint}>
        <Input
          id={ids[name]}
          name={name}
          {...input}
          value={values[name]}
          onChange={(e) => change(name, e.target.value)}
        />
      </FormField>
    );
  }

  return (
    <ModalDialog
      open={open}
      title={'Đặt cọc giữ xe'}
      onClose={close}
      width="max-w-lg"
      testId="reserve-dialog"
      titleId={titleId}
    >
      <div className="space-y-4 p-4 sm:p-6">
        <div className="rounded-xl bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">{car.carName}</p>
          <p className="text-sm text-slate-600">Giá bán {formatPrice(car.sellPrice)}</p>
          <div className="mt-2 flex items-baseline justify-between gap-3 border-t border-slate-200 pt-2">
            <span className="text-sm text-slate-600">Số tiền cọc</span>
            <span className="text-xl font-bold text-brand-600 tabular-nums" data-testid="reserve-amount">
              {formatThousands(amount)} đ
            </span>
          </div>
        </div>
        {conflict && refusal ? (
          <div
            ref={conflictRef}
            tabIndex={-1}
            className="space-y-3 outline-none"
            data-testid="reserve-refusal"
          >
            <FormAlert>{refusal.message}</FormAlert>
            <SimilarCars refusal={refusal} onPick={close} />
            <Button variant="secondary" className="min-h-12 w-full text-base" onClick={close}>
              Quay lại trang xe
            </Button>
          </div>
        ) : (
          <>
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
              <li>Gửi thông tin bên dưới để nhận mã VietQR chuyển khoản.</li>
              <li>
                Chuyển khoản trong vòng {holdText(holdMinutes)}; xe được giữ riêng cho bạn trong lúc chờ
                (ngoài giờ mở cửa, hạn được dời sang sáng hôm sau).
              </li>
              <li>Khi nhận được cọc, showroom giữ xe cho bạn {paidHoldDays} ngày.</li>
            </ol>
            {depositPolicy ? (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="deposit-policy">
                <strong className="font-semibold text-slate-900">Chính sách đặt cọc: </strong>
                {depositPolicy}
              </p>
            ) : null}

            <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby={titleId}>
              {field('fullName', 'Họ tên', { autoComplete: 'name', maxLength: NAME_MAX })}
              {field(
                'phone',
                'Số điện thoại',
                { type: 'tel', inputMode: 'tel', autoComplete: 'tel', maxLength: 20 },
                'Ví dụ: 0901 234 567',
              )}
              {field(
                'email',
                'Email',
                { type: 'email', inputMode: 'email', autoComplete: 'email', maxLength: EMAIL_MAX },
                'Biên nhận và đường dẫn theo dõi đơn cọc được gửi về email này.',
              )}

              <ZaloConsentBox
                id={`${titleId}-zalo`}
                checked={zaloConsent}
                onChange={(e) => setZaloConsent(e.target.checked)}
              />
              {refusal ? (
                <div data-testid="reserve-refusal">
                  <FormAlert>{refusal.message}</FormAlert>
                </div>
              ) : null}

              <Button type="submit" className="min-h-12 w-full text-base" loading={create.isPending}>
                Đặt cọc
              </Button>
              <p className="text-center text-xs text-slate-500">
                Bằng việc đặt cọc, bạn đồng ý để showroom liên hệ qua số điện thoại và email đã cung cấp.
              </p>
            </form>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
