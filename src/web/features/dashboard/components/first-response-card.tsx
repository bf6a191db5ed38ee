import type { FirstResponseRow } from '@contract/stats';
import { ChartCard } from './charts';

const minutes = (m: number | null) =>
  m === null
    ? '—'
    : m < 60
      ? `${m.toLocaleString('vi-VN')} phút`
      : `${(m / 60).toLocaleString('vi-VN', { maximumFractionDigits: 1 })} giờ`;
const share = (s: number | null) => (s === null ? '—' : `${Math.round(s * 100)}%`);

/**
 * "Phản hồi đầu tiên theo nhân viên": per handler, the median and 90th percentile wait before the first
 * response (a status change, a call logged, a Zalo sent), in opening hours, and the share within 5
 * minutes. GET dashboard/first-response.
 */
export function FirstResponseCard({
  rows,
  caption,
}: {
  rows: FirstResponseRow[] | undefined;
  caption: string;
}) {
  return (
    <ChartCard
      testId="card-first-response"
      title="Phản hồi đầu tiên theo nhân viên"
      caption={caption}
      loading={!rows}
      empty={!!rows && rows.length === 0}
      height={160}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Thời gian phản hồi đầu tiên theo nhân viên, tính trong giờ làm việc
          </caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="py-1 pr-3 font-medium">
                Nhân viên
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                Trung vị
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                90%
              </th>
              <th scope="col" className="py-1 pr-3 text-right font-medium">
                ≤ 5 phút
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Chưa phản hồi
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(rows ?? []).map((r) => (
              <tr key={r.userId ?? 'none'}>
                <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
                  {r.fullName}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{minutes(r.medianMinutes)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{minutes(r.p90Minutes)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{share(r.within5Share)}</td>
                <td className="py-2 text-right tabular-nums">{r.unanswered}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}
