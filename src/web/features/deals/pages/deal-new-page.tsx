import type { CarAdminRow } from '@contract/cars';
import type { Page } from '@contract/common';
import type { DealCreateBody } from '@contract/deals';
import { formatPrice } from '@contract/format';
import type { ReservationAdminView } from '@contract/reservations';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { PageHeader } from '../../../components/page-header';
import { api, errorMessage } from '../../../lib/api-client';
import { CustomerPhoneHint } from '../../customers/public';
import { useCreateDeal } from '../api';

const CODE = /^DC[2-9A-HJKMNP-Z]{6}$/;

/**
 * /dashboard/deals/new?carId&reservationCode&fullName&phone&email&leadId: a deal started in one click
 * from a car, a reservation (its car and buyer filled in) or a lead (its buyer filled in).
 */
export default function DealNewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateDeal();
  const code = (params.get('reservationCode') ?? '').toUpperCase();
  const [form, setForm] = useState({
    carId: params.get('carId') ?? '',
    reservationCode: CODE.test(code) ? code : '',
    fullName: params.get('fullName') ?? '',
    phone: params.get('phone') ?? '',
    email: params.get('email') ?? '',
    idNumber: '',
    address: '',
    tradeInDescription: '',
  });
  const [tradeInValue, setTradeInValue] = useState<number | null>(null);
  const [price, setPrice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const cars = useQuery({
    queryKey: ['car-admin', 'deal-picker'],
    queryFn: ({ signal }) =>
      api<Page<CarAdminRow>>('cars/admin', { auth: true, query: { size: 100, page: 1 }, signal }),
  });
  const reservation = useQuery({
    queryKey: ['reservations', 'deal-start', form.reservationCode],
    queryFn: ({ signal }) =>
      api<Page<ReservationAdminView>>('reservations/admin', {
        auth: true,
        query: { search: form.reservationCode, page: 1, size: 1 },
        signal,
      }),
    enabled: CODE.test(form.reservationCode),
  });
  const held = reservation.data?.content.find((r) => r.code === form.reservationCode);
  useEffect(() => {
    if (!held) return;
    setForm((f) => ({
      ...f,
      carId: String(held.carId),
      fullName: f.fullName || held.customerName,
      phone: f.phone || held.phone,
      email: f.email || held.email,
    }));
  }, [held]);

  const choices = (cars.data?.content ?? [])
    .filter((c) => c.status === 'available' || c.status === 'pending' || String(c.carId) === form.carId)
    .map((c) => ({ carId: c.carId, carName: c.carName, price: c.sellPrice }));
  // The reservation's car is offered even when it is not among the first hundred of the list.
  if (held && !choices.some((c) => c.carId === held.carId))
    choices.unshift({ carId: held.carId, carName: held.carName, price: held.carPrice });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const leadId = params.get('leadId');
    const body: DealCreateBody = {
      carId: form.carId as unknown as number,
      customer: {
        fullName: form.fullName,
        phone: form.phone,
        email: form.email,
        idNumber: form.idNumber,
        address: form.address,
      },
      reservationCode: form.reservationCode || undefined,
      price: price ?? undefined,
      leadId: leadId ? (leadId as unknown as number) : undefined,
      tradeIn:
        form.tradeInDescription || tradeInValue
          ? { description: form.tradeInDescription, value: tradeInValue ?? 0 }
          : undefined,
    };
    create.mutate(body, {
      onSuccess: (deal) => {
        toast.success(`Đã lập giao dịch ${deal.code}`);
        navigate(`/dashboard/deals/${deal.dealId}`);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <>
      <PageHeader
        title="Lập giao dịch"
        description="Báo giá cho khách: xe, giá, xe đổi (nếu có) và đặt cọc giữ xe (nếu có)."
        actions={
          <Link to="/dashboard/deals" className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Giao dịch bán xe
          </Link>
        }
      />
      <form
        onSubmit={submit}
        className="grid max-w-3xl gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-5"
      >
        <FormField label="Mã đặt cọc" htmlFor="deal-reservation" hint="Nếu khách đã đặt cọc giữ xe: DCxxxxxx">
          <Input
            id="deal-reservation"
            value={form.reservationCode}
            onChange={(e) => setForm((f) => ({ ...f, reservationCode: e.target.value.toUpperCase() }))}
            maxLength={8}
          />
        </FormField>
        <FormField label="Xe" htmlFor="deal-car" required>
          <Select id="deal-car" value={form.carId} onChange={set('carId')} required>
            <option value="">Chọn xe</option>
            {choices.map((c) => (
              <option key={c.carId} value={c.carId}>
                {c.carName} · {formatPrice(c.price)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Họ tên khách hàng" htmlFor="deal-name" required>
          <Input
            id="deal-name"
            value={form.fullName}
            onChange={set('fullName')}
            maxLength={100}
            autoComplete="off"
          />
        </FormField>
        <FormField label="Số điện thoại" htmlFor="deal-phone" required>
          <Input
            id="deal-phone"
            value={form.phone}
            onChange={set('phone')}
            inputMode="tel"
            autoComplete="off"
          />
          <CustomerPhoneHint
            phone={form.phone}
            useLabel="Dùng thông tin khách này"
            onUse={(c) =>
              setForm((f) => ({ ...f, fullName: c.fullName, email: f.email || (c.emails[0] ?? '') }))
            }
          />
        </FormField>
        <FormField label="Email" htmlFor="deal-email">
          <Input id="deal-email" value={form.email} onChange={set('email')} type="email" autoComplete="off" />
        </FormField>
        <FormField label="Số CCCD" htmlFor="deal-id-number" hint="Cần khi ký hợp đồng">
          <Input
            id="deal-id-number"
            value={form.idNumber}
            onChange={set('idNumber')}
            inputMode="numeric"
            maxLength={12}
          />
        </FormField>
        <FormField label="Địa chỉ" htmlFor="deal-address" className="sm:col-span-2">
          <Input id="deal-address" value={form.address} onChange={set('address')} maxLength={300} />
        </FormField>
        <FormField label="Giá bán thỏa thuận" htmlFor="deal-price" hint="Để trống: giá niêm yết của xe">
          <NumberInput id="deal-price" value={price} onChange={setPrice} suffix="VNĐ" />
        </FormField>
        <div className="hidden sm:block" />
        <FormField
          label="Xe đổi (thu cũ đổi mới)"
          htmlFor="deal-trade-in"
          hint="Ví dụ: Kia Morning 2016, 80.000 km"
        >
          <Input
            id="deal-trade-in"
            value={form.tradeInDescription}
            onChange={set('tradeInDescription')}
            maxLength={200}
          />
        </FormField>
        <FormField label="Giá trị xe đổi" htmlFor="deal-trade-in-value">
          <NumberInput
            id="deal-trade-in-value"
            value={tradeInValue}
            onChange={setTradeInValue}
            suffix="VNĐ"
          />
        </FormField>
        {error ? (
          <div className="sm:col-span-2">
            <FormAlert>{error}</FormAlert>
          </div>
        ) : null}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="submit" loading={create.isPending}>
            Lập giao dịch
          </Button>
        </div>
      </form>
    </>
  );
}
