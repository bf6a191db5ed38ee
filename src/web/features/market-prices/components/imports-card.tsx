import { formatDateTime, formatThousands } from '@contract/format';
import type { MarketImportView } from '@contract/market-prices';
import { ListFilter, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { actionsColumn, RowButton } from '../../../components/row-actions';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useDeleteImport, useMarketImports } from '../api';

const n = (v: number) => formatThousands(v) || '0';

/** The imports, newest first: what each brought and still holds; show its rows, or delete it with them. */
export function ImportsCard({ onShowRows }: { onShowRows: (batch: MarketImportView) => void }) {
  const [page, setPage] = useState(1);
  const imports = useMarketImports({ page, size: 5 });
  const remove = useDeleteImport();
  const confirm = useConfirmAction(
    remove,
    (b: MarketImportView) => b.batchId,
    (_b, r) => r.message,
  );

  const columns: Column<MarketImportView>[] = [
    {
      key: 'file',
      header: 'Tệp',
      mobile: 'title',
      cell: (b) => (
        <div className="min-w-0 md:max-w-72">
          <p className="truncate font-medium text-slate-900" title={b.fileName}>
            {b.fileName}
          </p>
          <p className="text-xs text-slate-500">
            {formatDateTime(b.createdAt)} · {b.createdBy ?? 'Hệ thống'}
          </p>
        </div>
      ),
    },
    {
      key: 'counts',
      header: 'Đã nhập / trùng / từ chối',
      className: 'whitespace-nowrap tabular-nums',
      cell: (b) => `${n(b.imported)} / ${n(b.duplicates)} / ${n(b.refused)}`,
    },
    {
      key: 'remaining',
      header: 'Còn lưu',
      className: 'whitespace-nowrap tabular-nums',
      cell: (b) => `${n(b.remaining)} dòng`,
    },
    actionsColumn((b) => (
      <>
        <RowButton label={`Xem các dòng của ${b.fileName}`} icon={ListFilter} onClick={() => onShowRows(b)} />
        <RowButton
          tone="danger"
          label={`Xóa lần nhập ${b.fileName}`}
          icon={Trash2}
          onClick={() => confirm.ask(b)}
        />
      </>
    )),
  ];

  return (
    <section aria-labelledby="imports-title" className="mb-6">
      <h2 id="imports-title" className="mb-2 text-base font-semibold text-slate-900">
        Các lần nhập
      </h2>
      {imports.error ? (
        <p className="text-sm text-red-600" role="alert">
          {errorMessage(imports.error)}
        </p>
      ) : (
        <DataTable
          columns={columns}
          rows={imports.data?.content}
          rowKey={(b) => b.batchId}
          loading={imports.isPending}
          caption="Các lần nhập bảng giá"
          empty={
            <EmptyState
              title="Chưa nhập bảng giá nào"
              description="Nhập tệp CSV hoặc XLSX có các cột Tên xe, Năm sản xuất, Số km và Giá."
            />
          }
        />
      )}
      <Pagination
        className="mt-3"
        page={page}
        totalPages={imports.data?.totalPages ?? 0}
        onChange={setPage}
      />
      <ConfirmDialog
        {...confirm.dialog}
        title="Xóa lần nhập này?"
        message={
          confirm.target
            ? `Tệp “${confirm.target.fileName}” và ${n(confirm.target.remaining)} dòng giá của nó sẽ bị xóa. Định giá sẽ không dùng các dòng này nữa.`
            : null
        }
        confirmLabel="Xóa lần nhập"
      />
    </section>
  );
}
