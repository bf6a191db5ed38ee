import { formatThousands } from '@contract/format';
import type { ImportResult } from '@contract/market-prices';
import { CheckCircle2 } from 'lucide-react';
import { Badge } from '../../../components/badge';
import { CloseButton } from '../../../components/close-button';
import { tableClasses } from '../../../components/data-table';

const n = (v: number) => formatThousands(v) || '0';

/**
 * What an import did: rows read, imported, skipped as duplicates, refused; each refusal with its row
 * number (as the spreadsheet shows it) and the reason; the columns that were recognised.
 */
export function ImportResultPanel({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  return (
    <section
      aria-labelledby="import-result-title"
      data-testid="import-result"
      className="mb-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          <div className="min-w-0">
            <h2 id="import-result-title" className="font-semibold text-slate-900">
              Kết quả nhập “{result.fileName}”
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {n(result.rows)} dòng dữ liệu ({result.format.toUpperCase()}). Các dòng hợp lệ được lưu cùng một
              lần; dòng trùng được bỏ qua.
            </p>
          </div>
        </div>
        <CloseButton label="Đóng kết quả nhập" onClick={onClose} />
      </div>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tóm tắt">
        <li>
          <Badge tone="success">Đã nhập: {n(result.imported)}</Badge>
        </li>
        <li>
          <Badge tone="neutral">Trùng, bỏ qua: {n(result.duplicates)}</Badge>
        </li>
        <li>
          <Badge tone={result.refused ? 'danger' : 'neutral'}>Bị từ chối: {n(result.refused)}</Badge>
        </li>
      </ul>
      {result.columns.length ? (
        <p className="mt-3 text-xs text-slate-500">
          Cột đã nhận: {result.columns.map((c) => `${c.header} → ${c.field}`).join(' · ')}
        </p>
      ) : null}
      {result.refusals.length ? (
        <div className={`${tableClasses.wrap} mt-4 max-h-72`}>
          <table className={tableClasses.table}>
            <caption className="sr-only">Các dòng bị từ chối</caption>
            <thead>
              <tr>
                <th scope="col" className={`${tableClasses.th} w-20`}>
                  Dòng
                </th>
                <th scope="col" className={tableClasses.th}>
                  Lý do
                </th>
              </tr>
            </thead>
            <tbody>
              {result.refusals.map((r) => (
                <tr key={r.row} className={tableClasses.tr}>
                  <td className={`${tableClasses.td} tabular-nums`}>{r.row}</td>
                  <td className={tableClasses.td}>{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {result.refused > result.refusals.length ? (
        <p className="mt-2 text-xs text-slate-500">
          Hiện {n(result.refusals.length)} trên {n(result.refused)} dòng bị từ chối.
        </p>
      ) : null}
    </section>
  );
}
