import { type OnRoadPapers, onRoadCost } from '@contract/car-costs';
import { formatPrice } from '@contract/format';
import type { LeadReceipt } from '@contract/leads';
import type { CarCalculations } from '@contract/web-config';
import { type ReactNode, useMemo, useState } from 'react';
import { FormSection, LeadSuccess } from '../components/form-parts';
import { CarValuationForm, EMPTY_SELLER_CAR, type SellerCar, type ValuationOutcome } from './car-valuation';
import { SellerForm } from './seller-form';
import { ValuationResult } from './valuation-result';

export interface TradeInCar {
  carId: number;
  carName: string;
  price: number;
  seats: number;
  year: number;
  brand: string;
  model: string;
  version: string;
  /** What is still valid on the car's papers (not charged again); unknown until the page has them. */
  papers: OnRoadPapers | null;
}

/**
 * "Đổi xe cũ lấy xe này" on a car page: the visitor values their car, sees this car's on-road price
 * minus the estimate, and the loan for the difference (`loan`: the car page's own calculator); sending
 * makes the same buy-in lead as /sell-car, linked to this car. Loaded only when opened.
 */
export default function TradeIn({
  car,
  settings,
  loan,
}: {
  car: TradeInCar;
  settings: CarCalculations | undefined;
  loan: (amount: number) => ReactNode;
}) {
  const [mine, setMine] = useState<SellerCar>(EMPTY_SELLER_CAR);
  const [outcome, setOutcome] = useState<ValuationOutcome | null>(null);
  const [receipt, setReceipt] = useState<LeadReceipt | null>(null);
  const onRoad = useMemo(() => (settings ? onRoadCost(settings, car).total : car.price), [settings, car]);
  const estimate = outcome?.kind === 'value' ? outcome.valuation.estimate : null;
  const difference = estimate === null ? null : Math.max(0, onRoad - estimate);

  if (receipt)
    return (
      <LeadSuccess
        receipt={receipt}
        againLabel="Định giá lại xe của tôi"
        onAgain={() => {
          setReceipt(null);
          setOutcome(null);
        }}
      />
    );
  return (
    <div className="space-y-6">
      <FormSection title="1. Xe bạn muốn đổi">
        <CarValuationForm car={mine} onChange={setMine} onOutcome={setOutcome} />
      </FormSection>
      {outcome ? <ValuationResult outcome={outcome} /> : null}
      {difference !== null ? (
        <section aria-label="Chênh lệch khi đổi xe" className="space-y-3">
          <dl className="divide-y divide-slate-100 rounded-xl bg-white text-sm ring-1 ring-slate-200">
            <div className="flex justify-between gap-3 p-3">
              <dt>Giá lăn bánh {car.carName}</dt>
              <dd className="font-semibold tabular-nums">{formatPrice(onRoad)}</dd>
            </div>
            <div className="flex justify-between gap-3 p-3">
              <dt>Xe của bạn (giá tham khảo)</dt>
              <dd className="font-semibold text-emerald-700 tabular-nums">−{formatPrice(estimate)}</dd>
            </div>
            <div className="flex justify-between gap-3 p-3">
              <dt className="font-semibold">Cần thêm</dt>
              <dd className="text-lg font-bold text-brand-700 tabular-nums">{formatPrice(difference)}</dd>
            </div>
          </dl>
          {difference > 0 ? loan(difference) : null}
        </section>
      ) : null}
      {outcome ? (
        <FormSection title="2. Gửi yêu cầu đổi xe">
          <SellerForm car={mine} carId={car.carId} onDone={setReceipt} submitLabel="Gửi yêu cầu đổi xe" />
        </FormSection>
      ) : null}
    </div>
  );
}
