import type { CarHistory } from '@contract/car-records';
import { FINE_RESULT_LABELS, LOAN_STATUS_LABELS, ownerText } from '@contract/car-records-labels';
import { formatDay, formatKm } from '@contract/format';
import { FileText, Wrench } from 'lucide-react';
import { useCarHistory } from '../api';
import { HistoryLoading } from './history-loading';

const day = (key: string | null) => formatDay(key) || null;
const UNKNOWN = 'Chưa cập nhật';

/** The papers as label/value pairs; "Chưa cập nhật" where the records hold nothing. */
function paperFacts(h: CarHistory): { label: string; value: string }[] {
  const p = h.papers;
  const fine = p.fineCheckedOn
    ? `${day(p.fineCheckedOn)}${p.fineResult ? ` · ${FINE_RESULT_LABELS[p.fineResult]}` : ''}`
    : null;
  return [
    { label: 'Số đời chủ', value: h.previousOwners === 1 ? '1 chủ từ mới' : `${h.previousOwners} đời chủ` },
    { label: 'Chủ xe', value: ownerText(p) ?? UNKNOWN },
    { label: 'Biển số', value: h.licensePlateRegion ?? UNKNOWN },
    { label: 'Hạn đăng kiểm', value: day(p.registrationUntil) ?? UNKNOWN },
    {
      label: 'Bảo hiểm TNDS',
      value: p.liabilityInsuranceUntil ? `đến ${day(p.liabilityInsuranceUntil)}` : UNKNOWN,
    },
    {
      label: 'Bảo hiểm thân vỏ',
      value: p.bodyInsuranceUntil ? `đến ${day(p.bodyInsuranceUntil)}` : UNKNOWN,
    },
    { label: 'Thế chấp ngân hàng', value: p.loanStatus ? LOAN_STATUS_LABELS[p.loanStatus] : UNKNOWN },
    { label: 'Tra cứu phạt nguội', value: fine ?? UNKNOWN },
  ];
}

function Timeline({ records }: { records: CarHistory['serviceRecords'] }) {
  if (!records.length) return <p className="text-sm text-slate-500">Chưa có lịch sử bảo dưỡng.</p>;
  return (
    <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5" aria-label="Lịch sử bảo dưỡng">
      {records.map((r) => (
        <li key={r.id} className="relative">
          <span
            className="absolute top-1.5 -left-[27px] size-3 rounded-full bg-brand-600 ring-4 ring-white"
            aria-hidden="true"
          />
          <p className="text-sm font-semibold text-slate-900 tabular-nums">
            {day(r.servicedOn)} · {formatKm(r.km)}
          </p>
          <p className="text-sm text-slate-700">{r.work}</p>
          {r.place ? <p className="text-xs text-slate-500">{r.place}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The section's content, loaded (code and data) once the visitor comes near it. */
export default function CarHistoryBody({ carId }: { carId: number }) {
  const history = useCarHistory(carId, true);
  const h = history.data;
  if (history.isError)
    return (
      <p className="text-sm text-slate-500">Chưa tải được giấy tờ và lịch sử xe, vui lòng thử lại sau.</p>
    );
  if (!h) return <HistoryLoading />;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900">
          <FileText className="size-4 text-slate-400" aria-hidden="true" />
          Giấy tờ
        </h3>
        <dl className="divide-y divide-slate-100 text-sm">
          {paperFacts(h).map((f) => (
            <div key={f.label} className="flex justify-between gap-4 py-2">
              <dt className="shrink-0 text-slate-500">{f.label}</dt>
              <dd
                className={
                  f.value === UNKNOWN ? 'text-right text-slate-500' : 'text-right font-medium text-slate-900'
                }
              >
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <div>
        <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Wrench className="size-4 text-slate-400" aria-hidden="true" />
          Lịch sử bảo dưỡng
        </h3>
        <Timeline records={h.serviceRecords} />
      </div>
    </div>
  );
}
