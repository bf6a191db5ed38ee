import type { LeadReceipt } from '@contract/leads';
import { PAGE_TITLES } from '@contract/page-titles';
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FormSection, LeadSuccess } from '../components/form-parts';
import { LeadPageShell } from '../components/lead-page-shell';
import { CarValuationForm, EMPTY_SELLER_CAR, type SellerCar, type ValuationOutcome } from './car-valuation';
import { SellerForm } from './seller-form';
import { ValuationResult } from './valuation-result';

/**
 * /sell-car ("Định giá & bán xe"): the visitor values their car (brand, model, version from what the
 * engine knows, year, km, condition), sees the reference price and how it was reached, then leaves
 * contact, photos and an inspection day: a buy-in lead for the showroom.
 */
export default function SellCarPage() {
  useDocumentTitle(PAGE_TITLES['/sell-car']);
  const [car, setCar] = useState<SellerCar>(EMPTY_SELLER_CAR);
  const [outcome, setOutcome] = useState<ValuationOutcome | null>(null);
  const [receipt, setReceipt] = useState<LeadReceipt | null>(null);
  const [round, setRound] = useState(0);

  return (
    <LeadPageShell
      eyebrow="Dịch vụ"
      title="Định giá & bán xe"
      intro="Biết ngay giá tham khảo chiếc xe của bạn từ giá thị trường thực tế, rồi bán hoặc đổi xe tại showroom: kiểm tra tận nơi, báo giá rõ ràng."
      promises={[
        'Định giá miễn phí trong một phút',
        'Kiểm tra xe và báo giá chính thức trong ngày hẹn',
        'Thanh toán nhanh, hỗ trợ sang tên',
      ]}
    >
      {receipt ? (
        <LeadSuccess
          receipt={receipt}
          againLabel="Định giá xe khác"
          onAgain={() => {
            setReceipt(null);
            setOutcome(null);
            setCar(EMPTY_SELLER_CAR);
            setRound(round + 1);
          }}
        />
      ) : (
        <div className="space-y-7">
          <FormSection title="1. Xe của bạn">
            <CarValuationForm car={car} onChange={setCar} onOutcome={setOutcome} />
          </FormSection>
          {outcome ? (
            <>
              <ValuationResult outcome={outcome} />
              <FormSection title="2. Bán xe cho showroom">
                <SellerForm key={round} car={car} onDone={setReceipt} />
              </FormSection>
            </>
          ) : null}
        </div>
      )}
    </LeadPageShell>
  );
}
