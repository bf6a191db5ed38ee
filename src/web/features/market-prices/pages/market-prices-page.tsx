import { formatThousands } from '@contract/format';
import { type ImportResult, MARKET_IMPORT_MAX_BYTES, MARKET_IMPORT_MAX_MB } from '@contract/market-prices';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';
import { useImportPrices } from '../api';
import { ImportResultPanel } from '../components/import-result';
import { ImportsCard } from '../components/imports-card';
import { PricesList } from '../components/prices-list';

/**
 * /dashboard/market-prices ("Giá thị trường"): import a price list (CSV or XLSX) and see what became of
 * each row, the imports with what they still hold, and the stored prices, searched and deleted one by
 * one or by import.
 */
export default function MarketPricesPage() {
  const list = useListParams({ table: 'market-prices', defaultSize: 20 });
  const input = useRef<HTMLInputElement>(null);
  const importer = useImportPrices();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [batchName, setBatchName] = useState<string | null>(null);

  const pick = (file: File) => {
    setError(null);
    if (file.size > MARKET_IMPORT_MAX_BYTES) {
      setError(`Tệp vượt quá dung lượng tối đa ${MARKET_IMPORT_MAX_MB} MB`);
      return;
    }
    setProgress(0);
    importer.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (r) => {
          setResult(r);
          toast.success(`Đã nhập ${formatThousands(r.imported) || '0'} dòng giá từ ${r.fileName}`);
          if (r.batchId) {
            setBatchName(r.fileName);
            list.update({ batchId: r.batchId, search: undefined });
          }
        },
        onError: (err) => {
          setResult(null);
          setError(errorMessage(err));
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Giá thị trường"
        description="Bảng giá và tin rao xe đã qua sử dụng mà showroom thu thập: dữ liệu để định giá xe."
        actions={
          <>
            <input
              ref={input}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              tabIndex={-1}
              aria-label="Chọn tệp bảng giá (CSV hoặc XLSX)"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) pick(file);
              }}
            />
            <Button onClick={() => input.current?.click()} loading={importer.isPending}>
              <Upload className="size-4" aria-hidden="true" />
              {importer.isPending && progress !== null && progress < 1
                ? `Đang tải lên ${Math.round(progress * 100)}%`
                : importer.isPending
                  ? 'Đang nhập...'
                  : 'Nhập bảng giá'}
            </Button>
          </>
        }
      />
      <p className="-mt-3 mb-4 text-xs text-slate-600">
        CSV (UTF-8) hoặc Excel XLSX, tối đa {MARKET_IMPORT_MAX_MB} MB. Cột: Tên xe (hoặc Hãng, Dòng xe, Phiên
        bản), Năm sản xuất, Số km, Giá; thêm Hộp số, Nhiên liệu, Kiểu dáng, Xuất xứ, Tỉnh/thành, Nguồn, Ngày
        nếu có.
      </p>
      {error ? (
        <div className="mb-4">
          <FormAlert>{error}</FormAlert>
        </div>
      ) : null}
      {result ? <ImportResultPanel result={result} onClose={() => setResult(null)} /> : null}
      <ImportsCard
        onShowRows={(b) => {
          setBatchName(b.fileName);
          list.update({ batchId: b.batchId, search: undefined });
        }}
      />
      <PricesList list={list} batchName={batchName} />
    </>
  );
}
