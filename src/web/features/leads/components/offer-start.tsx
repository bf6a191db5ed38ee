import { formatPrice } from '@contract/format';
import type { PurchaseDetails } from '@contract/leads';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';

type Start = NonNullable<PurchaseDetails['offerStart']>;

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toString().replace('.', ',')}%`;

/**
 * Where the offer starts, written out: the market estimate, less the reconditioning expected (typed
 * here for this car), less the showroom's target margin, rounded down to a million.
 */
export function OfferArithmetic({
  start,
  id,
  onRecon,
}: {
  start: Start;
  id: string;
  onRecon: (recon: number | null) => void;
}) {
  return (
    <div className="space-y-2 rounded-lg bg-white p-3 text-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">Giá chào mua đề xuất</p>
      <dl className="space-y-1 tabular-nums">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Giá thị trường ước tính</dt>
          <dd>{formatPrice(start.estimate)}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-slate-600">− Tân trang dự kiến</dt>
          <dd>{formatPrice(start.reconEstimate) || '0 đ'}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">− Biên lợi nhuận mục tiêu {percent(start.marginRate)}</dt>
          <dd>{formatPrice(start.margin)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold text-slate-900">
          <dt>= Giá chào mua (làm tròn xuống triệu)</dt>
          <dd>{formatPrice(start.amount) || '0 đ'}</dd>
        </div>
      </dl>
      <FormField
        label="Tân trang dự kiến cho xe này"
        htmlFor={id}
        hint="Sửa theo tình trạng xe sau khi xem; giá chào mua tính lại theo."
      >
        <NumberInput id={id} value={start.reconEstimate} onChange={onRecon} suffix="VNĐ" />
      </FormField>
    </div>
  );
}
