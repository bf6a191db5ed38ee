import type { DealView } from '@contract/deals';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Textarea } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { NumberInput } from '../../../components/number-input';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateDeal } from '../api';

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** The buyer, the car's identity from its registration and the handover record, edited together. */
export function DetailsDialog({
  deal,
  open,
  onClose,
}: {
  deal: DealView;
  open: boolean;
  onClose: () => void;
}) {
  const update = useUpdateDeal(deal.dealId);
  const [f, setF] = useState({
    fullName: '',
    phone: '',
    email: '',
    idNumber: '',
    address: '',
    vin: '',
    engineNumber: '',
    plate: '',
    papers: '',
    accessories: '',
    condition: '',
  });
  const [odometer, setOdometer] = useState<number | null>(null);
  const [keys, setKeys] = useState<number | null>(2);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setError(null);
    setF({
      fullName: deal.customer.fullName,
      phone: deal.customer.phone,
      email: deal.customer.email ?? '',
      idNumber: deal.customer.idNumber ?? '',
      address: deal.customer.address ?? '',
      vin: deal.car.vin ?? '',
      engineNumber: deal.car.engineNumber ?? '',
      plate: deal.car.plate ?? '',
      papers: (deal.handover?.papers ?? ['Giấy chứng nhận đăng ký xe', 'Giấy chứng nhận kiểm định']).join(
        '\n',
      ),
      accessories: (deal.handover?.accessories ?? []).join('\n'),
      condition: deal.handover?.condition ?? '',
    });
    setOdometer(deal.handover?.odometerKm ?? deal.car.odometerKm);
    setKeys(deal.handover?.keys ?? 2);
  }, [open, deal]);
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) =>
    setF((v) => ({ ...v, [k]: e.target.value }));
  const closed =
    deal.status === 'handed_over' || deal.status === 'transferred' || deal.status === 'cancelled';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: Record<string, unknown> = {
      vehicle: { vin: f.vin, engineNumber: f.engineNumber, plate: f.plate },
      handover: {
        odometerKm: odometer,
        keys,
        papers: lines(f.papers),
        accessories: lines(f.accessories),
        condition: f.condition,
      },
    };
    if (!closed)
      body.customer = {
        fullName: f.fullName,
        phone: f.phone,
        email: f.email,
        idNumber: f.idNumber,
        address: f.address,
      };
    update.mutate(body, {
      onSuccess: () => {
        toast.success('Đã lưu thông tin giao dịch');
        onClose();
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <ModalDialog open={open} title="Khách hàng, giấy tờ xe và bàn giao" onClose={onClose} width="max-w-2xl">
      <form onSubmit={submit} className="grid gap-3 p-4 sm:grid-cols-2 sm:p-6">
        <FormField label="Họ tên khách hàng" htmlFor="d-name" required>
          <Input id="d-name" value={f.fullName} onChange={set('fullName')} disabled={closed} />
        </FormField>
        <FormField label="Số điện thoại" htmlFor="d-phone" required>
          <Input id="d-phone" value={f.phone} onChange={set('phone')} disabled={closed} />
        </FormField>
        <FormField label="Email" htmlFor="d-email">
          <Input id="d-email" value={f.email} onChange={set('email')} disabled={closed} />
        </FormField>
        <FormField label="Số CCCD" htmlFor="d-id">
          <Input
            id="d-id"
            value={f.idNumber}
            onChange={set('idNumber')}
            inputMode="numeric"
            maxLength={12}
            disabled={closed}
          />
        </FormField>
        <FormField label="Địa chỉ" htmlFor="d-address" className="sm:col-span-2">
          <Input id="d-address" value={f.address} onChange={set('address')} disabled={closed} />
        </FormField>
        <FormField label="Số khung (VIN)" htmlFor="d-vin">
          <Input id="d-vin" value={f.vin} onChange={set('vin')} maxLength={30} />
        </FormField>
        <FormField label="Số máy" htmlFor="d-engine">
          <Input id="d-engine" value={f.engineNumber} onChange={set('engineNumber')} maxLength={30} />
        </FormField>
        <FormField label="Biển số" htmlFor="d-plate">
          <Input id="d-plate" value={f.plate} onChange={set('plate')} maxLength={20} />
        </FormField>
        <FormField label="Số km khi bàn giao" htmlFor="d-odo">
          <NumberInput id="d-odo" value={odometer} onChange={setOdometer} suffix="km" />
        </FormField>
        <FormField label="Số chìa khóa" htmlFor="d-keys">
          <NumberInput id="d-keys" value={keys} onChange={setKeys} />
        </FormField>
        <FormField label="Tình trạng xe" htmlFor="d-condition">
          <Input id="d-condition" value={f.condition} onChange={set('condition')} maxLength={1000} />
        </FormField>
        <FormField label="Giấy tờ giao kèm (mỗi dòng một loại)" htmlFor="d-papers">
          <Textarea id="d-papers" rows={3} value={f.papers} onChange={set('papers')} />
        </FormField>
        <FormField label="Phụ kiện (mỗi dòng một món)" htmlFor="d-accessories">
          <Textarea id="d-accessories" rows={3} value={f.accessories} onChange={set('accessories')} />
        </FormField>
        {error ? (
          <div className="sm:col-span-2">
            <FormAlert>{error}</FormAlert>
          </div>
        ) : null}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Đóng
          </Button>
          <Button type="submit" loading={update.isPending}>
            Lưu
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
