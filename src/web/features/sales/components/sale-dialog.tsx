import { formatPrice, formatVnd, vnDayKey } from '@contract/format';
import { maxLengths } from '@contract/limits';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type SaleCreate,
  type SaleView,
  saleCreateBody,
} from '@contract/sales';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { CloseButton } from '../../../components/close-button';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberField } from '../../../components/number-field';
import { SelectField } from '../../../components/select-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { enumOptions } from '../../../lib/enum-options';
import { useMyInfo } from '../../../lib/session';
import { useModal } from '../../../lib/use-modal';
import { useRecordSale, useSalespeople } from '../api';

export interface SaleTarget {
  carId: number;
  carName: string;
  sellPrice: number;
}

interface SaleForm {
  carId: number;
  buyerName: string;
  buyerPhone: string;
  buyerEmail: string;
  salePrice: number | null;
  purchasePrice: number | null;
  saleDate: string;
  paymentMethod: string;
  salespersonId: string;
  note: string;
}

const resolver = zodResolver(saleCreateBody) as unknown as Resolver<SaleForm>;
const LIMITS = maxLengths(saleCreateBody);

function SaleFormBody({ car, onClose }: { car: SaleTarget; onClose: () => void }) {
  const { data: me } = useMyInfo();
  const people = useSalespeople();
  const record = useRecordSale();
  const navigate = useNavigate();
  const today = vnDayKey(new Date());
  const {
    register,
    handleSubmit,
    control,
    setError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<SaleForm>({
    resolver,
    defaultValues: {
      carId: car.carId,
      buyerName: '',
      buyerPhone: '',
      buyerEmail: '',
      salePrice: car.sellPrice,
      purchasePrice: null,
      saleDate: today,
      paymentMethod: '',
      salespersonId: '',
      note: '',
    },
  });
  // The signed-in staff member is the seller unless someone else is chosen.
  useEffect(() => {
    if (me?.userId && people.data?.some((p) => p.userId === me.userId) && !getValues('salespersonId'))
      setValue('salespersonId', String(me.userId));
  }, [me?.userId, people.data, getValues, setValue]);

  const salePrice = useWatch({ control, name: 'salePrice' });
  const diff = salePrice ? salePrice - car.sellPrice : 0;

  // Two clicks in the same instant both pass validation before the button shows it is busy: the
  // second must not send the sale again (it would come back "Xe này đã được bán").
  const sending = useRef(false);
  const submit = handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    record.mutate(values as unknown as SaleCreate, {
      onSettled: () => {
        sending.current = false;
      },
      onSuccess: (sale: SaleView) => {
        toast.success(`Đã ghi nhận bán xe ${sale.carName}`, {
          action: {
            label: 'Xem giao dịch',
            onClick: () => navigate(`/dashboard/soldhistory/${sale.transactionId}`),
          },
        });
        onClose();
      },
      onError: (err) => {
        const fields =
          err instanceof ApiError ? (err.data as { errors?: Record<string, string> })?.errors : undefined;
        for (const [k, message] of Object.entries(fields ?? {}))
          if (k in values) setError(k as keyof SaleForm, { message });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-h-[90dvh] flex-col">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="min-w-0">
          <h2 id="sale-dialog-title" className="text-lg font-semibold text-slate-900">
            Ghi nhận bán xe
          </h2>
          <p className="mt-0.5 truncate text-sm text-slate-500">
            {car.carName} · giá niêm yết {formatPrice(car.sellPrice)}
          </p>
        </div>
        <CloseButton label="Đóng" onClick={onClose} iconClassName="size-5" />
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto px-5 py-4">
        <FormAlert>{record.isError ? errorMessage(record.error) : null}</FormAlert>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Người mua</legend>
          <FormField
            label="Tên người mua"
            htmlFor="sale-buyer"
            error={errors.buyerName?.message}
            required
            className="sm:col-span-2"
          >
            <Input
              id="sale-buyer"
              autoComplete="off"
              maxLength={LIMITS.buyerName}
              {...register('buyerName')}
            />
          </FormField>
          <FormField label="Số điện thoại" htmlFor="sale-phone" error={errors.buyerPhone?.message} required>
            <Input
              id="sale-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              {...register('buyerPhone')}
            />
          </FormField>
          <FormField label="Email" htmlFor="sale-email" error={errors.buyerEmail?.message}>
            <Input
              id="sale-email"
              type="email"
              autoComplete="off"
              maxLength={LIMITS.buyerEmail}
              {...register('buyerEmail')}
            />
          </FormField>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Giao dịch</legend>
          <NumberField
            control={control}
            name="salePrice"
            label="Giá bán"
            id="sale-price"
            error={errors.salePrice?.message}
            required
            hint={
              salePrice && diff !== 0
                ? `${diff > 0 ? 'Cao hơn' : 'Thấp hơn'} giá niêm yết ${formatVnd(Math.abs(diff))}`
                : salePrice
                  ? formatPrice(salePrice)
                  : undefined
            }
            suffix="VNĐ"
          />
          <NumberField
            control={control}
            name="purchasePrice"
            label="Giá nhập"
            id="sale-purchase"
            error={errors.purchasePrice?.message}
            hint="Không bắt buộc; dùng để tính lợi nhuận"
            suffix="VNĐ"
          />
          <FormField label="Ngày bán" htmlFor="sale-date" error={errors.saleDate?.message} required>
            <Controller
              control={control}
              name="saleDate"
              render={({ field }) => (
                <DateInput
                  id="sale-date"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  max={today}
                />
              )}
            />
          </FormField>
          <SelectField
            label="Hình thức thanh toán"
            id="sale-payment"
            error={errors.paymentMethod?.message}
            required
            placeholder="Chọn hình thức"
            options={enumOptions(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
            {...register('paymentMethod')}
          />
          <FormField
            label="Nhân viên bán hàng"
            htmlFor="sale-person"
            error={errors.salespersonId?.message}
            className="sm:col-span-2"
          >
            <Select id="sale-person" {...register('salespersonId')}>
              {people.data?.some((p) => p.userId === me?.userId) ? null : (
                <option value="">Tôi ({me?.name ?? 'người đang đăng nhập'})</option>
              )}
              {people.data?.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.fullName}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            label="Ghi chú"
            htmlFor="sale-note"
            error={errors.note?.message}
            className="sm:col-span-2"
          >
            <CountedTextarea id="sale-note" rows={3} maxLength={LIMITS.note} {...register('note')} />
          </FormField>
        </fieldset>
      </div>
      <div className="flex gap-2 border-t border-slate-200 px-5 py-3 sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
          Hủy
        </Button>
        <Button type="submit" loading={record.isPending} className="flex-1 sm:flex-none">
          Ghi nhận bán
        </Button>
      </div>
    </form>
  );
}

/**
 * Records a sale of `car` (POST soldhistory): buyer name, phone, e-mail, sale price, purchase price,
 * sale date, payment method, salesperson, note; validated with the contract's saleCreateBody. Used from
 * the car list and the car edit page.
 */
export function SaleDialog({ car, onClose }: { car: SaleTarget | null; onClose: () => void }) {
  const ref = useModal(car !== null);
  return (
    <dialog
      ref={ref}
      aria-labelledby="sale-dialog-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-1.5rem)] max-w-2xl rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {car ? <SaleFormBody key={car.carId} car={car} onClose={onClose} /> : null}
    </dialog>
  );
}
