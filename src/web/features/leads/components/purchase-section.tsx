import { offerStart } from '@contract/car-cost-ledger';
import { FUEL_LABELS, TRANSMISSION_LABELS } from '@contract/cars-labels';
import { formatDateTime, formatKm, formatPrice, vnDayKey } from '@contract/format';
import {
  type LeadDetail,
  OFFER_DEFAULT_DAYS,
  type PurchaseDetails,
  purchaseOfferBody,
} from '@contract/leads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateInput } from '../../../components/date-input';
import { FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { api, errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/session';
import { leadKeys } from '../api';
import { Row, Section } from './lead-details';
import { OfferArithmetic } from './offer-start';

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? null : v ? yes : no);

function addDays(n: number) {
  return vnDayKey(new Date(Date.now() + n * 86_400_000));
}

/** "Đã báo giá": amount, last day (7 days by default) and a note; e-mailed to the seller by the server. */
function OfferForm({ lead, purchase }: { lead: LeadDetail; purchase: PurchaseDetails }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [recon, setRecon] = useState(purchase.offerStart?.reconEstimate ?? 0);
  const start = purchase.offerStart
    ? offerStart(purchase.offerStart.estimate, recon, purchase.offerStart.marginRate)
    : null;
  const [amount, setAmount] = useState<number | null>(
    purchase.offer?.amount ?? start?.amount ?? purchase.valuation?.estimate ?? null,
  );
  // Nothing is recorded or e-mailed before staff confirm the figure.
  const [confirming, setConfirming] = useState(false);
  const [validUntil, setValidUntil] = useState(addDays(OFFER_DEFAULT_DAYS));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const offer = useMutation({
    mutationFn: (body: unknown) =>
      api<LeadDetail>(`purchases/admin/${lead.leadId}/offer`, { method: 'POST', auth: true, body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(leadKeys.detail('PURCHASE', lead.leadId), detail);
      void queryClient.invalidateQueries({ queryKey: leadKeys.type('PURCHASE') });
      toast.success(
        detail.purchase?.offer?.emailed ? 'Đã ghi báo giá và gửi email cho người bán' : 'Đã ghi báo giá',
      );
      setNote('');
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  function submit() {
    const body = { amount: amount ?? '', validUntil, note };
    const parsed = purchaseOfferBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3">
      {start ? (
        <OfferArithmetic
          start={start}
          id={`${ids}-recon`}
          onRecon={(v) => {
            const next = offerStart(start.estimate, v ?? 0, start.marginRate);
            setRecon(next.reconEstimate);
            setAmount(next.amount);
          }}
        />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Giá chào mua" htmlFor={`${ids}-amount`} error={errors.amount}>
          <NumberInput id={`${ids}-amount`} value={amount} onChange={setAmount} suffix="VNĐ" />
        </FormField>
        <FormField label="Hiệu lực đến hết ngày" htmlFor={`${ids}-until`} error={errors.validUntil}>
          <DateInput id={`${ids}-until`} value={validUntil} min={addDays(0)} onChange={setValidUntil} />
        </FormField>
      </div>
      <FormField label="Ghi chú báo giá" htmlFor={`${ids}-note`} hint="Không bắt buộc">
        <Input id={`${ids}-note`} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
      </FormField>
      <Button onClick={submit} loading={offer.isPending}>
        {purchase.offer ? 'Báo giá lại' : 'Báo giá'}
      </Button>
      <p className="text-xs text-slate-500">
        {lead.email
          ? `Báo giá được gửi tới ${lead.email}.`
          : 'Khách không để lại email: hãy báo giá qua điện thoại.'}
      </p>
      <ConfirmDialog
        open={confirming}
        tone="primary"
        title={`Gửi báo giá ${formatPrice(amount)} cho khách?`}
        message={
          lead.email
            ? `Báo giá có hiệu lực đến hết ngày ${validUntil.split('-').reverse().join('/')} sẽ được gửi tới ${lead.email}.`
            : 'Khách không để lại email: báo giá được ghi lại, hãy gọi điện báo cho khách.'
        }
        confirmLabel="Gửi báo giá"
        loading={offer.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          offer.mutate({ amount: amount ?? '', validUntil, note }, { onSettled: () => setConfirming(false) })
        }
      />
    </div>
  );
}

/** A buy-in in the drawer: the seller's car and answers, the engine's figures, photos, the offer, the purchase. */
export function PurchaseSection({ lead, purchase }: { lead: LeadDetail; purchase: PurchaseDetails }) {
  const can = useCan();
  const open = ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED'].includes(lead.status);
  const v = purchase.valuation;
  return (
    <Section title="Xe khách muốn bán">
      <dl className="divide-y divide-slate-100">
        <Row label="Xe">{[lead.make, lead.model, lead.year].filter(Boolean).join(' ')}</Row>
        <Row label="Số km">{lead.odometer !== null ? formatKm(lead.odometer) : null}</Row>
        <Row label="Hộp số, nhiên liệu">
          {[
            purchase.transmission && TRANSMISSION_LABELS[purchase.transmission],
            purchase.fuel && FUEL_LABELS[purchase.fuel],
          ]
            .filter(Boolean)
            .join(', ')}
        </Row>
        <Row label="Tỉnh/thành">{purchase.province}</Row>
        <Row label="Số đời chủ">{purchase.owners}</Row>
        <Row label="Tình trạng">
          {[
            yesNo(purchase.accident, 'Từng tai nạn', 'Chưa tai nạn'),
            yesNo(purchase.flood, 'Từng ngập nước', 'Chưa ngập nước'),
            yesNo(purchase.serviceHistory, 'Bảo dưỡng tại hãng', 'Không bảo dưỡng tại hãng'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Row>
        <Row label="Định giá tự động">
          {v
            ? `${formatPrice(v.estimate)} (khoảng ${formatPrice(v.low)} – ${formatPrice(v.high)}, độ tin cậy ${v.confidence})`
            : 'Chưa định giá được: cần định giá trực tiếp'}
        </Row>
        {purchase.offer ? (
          <Row label="Giá đã báo">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{formatPrice(purchase.offer.amount)}</span>
              <span className="text-slate-500">đến hết {purchase.offer.validUntilText}</span>
              {purchase.offer.expired ? (
                <Badge tone="danger">Hết hạn</Badge>
              ) : (
                <Badge tone="success">Còn hiệu lực</Badge>
              )}
              <span className="text-xs text-slate-500">
                Báo lúc {formatDateTime(purchase.offer.offeredAt)}
                {purchase.offer.emailed ? ', đã gửi email' : ''}
              </span>
            </span>
          </Row>
        ) : null}
      </dl>
      {purchase.photos.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Ảnh người bán gửi">
          {purchase.photos.map((p, i) => (
            <li key={p.photoId}>
              <a href={p.image.urls[1600] ?? p.image.src} target="_blank" rel="noreferrer">
                <img
                  src={p.image.urls[480] ?? p.image.src}
                  alt={`Ảnh xe ${i + 1}`}
                  className="aspect-[4/3] w-full rounded-md object-cover"
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">Khách chưa gửi ảnh xe.</p>
      )}
      {purchase.boughtCarId ? (
        <Link to={`/dashboard/car/edit/${purchase.boughtCarId}`} className={buttonClass('secondary')}>
          Xem xe trong kho (#{purchase.boughtCarId})
        </Link>
      ) : null}
      {open && lead.status !== 'OFFERED' ? <OfferForm lead={lead} purchase={purchase} /> : null}
      {lead.status === 'OFFERED' ? (
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            {can('MANAGE_CAR') ? (
              <Link to={`/dashboard/car/add?purchase=${lead.leadId}`} className={buttonClass('primary')}>
                <PackagePlus className="size-4" aria-hidden="true" />
                Đã mua: nhập xe vào kho
              </Link>
            ) : (
              <p className="text-sm text-slate-500">Cần quyền quản lý xe để nhập xe vào kho.</p>
            )}
          </div>
          <details className="rounded-lg border border-slate-200">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">
              Báo giá lại
            </summary>
            <div className="p-2">
              <OfferForm lead={lead} purchase={purchase} />
            </div>
          </details>
        </div>
      ) : null}
    </Section>
  );
}
