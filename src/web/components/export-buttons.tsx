import { FileDown, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadExport, type ExportFormat } from '../lib/export-download';
import { Button } from './button';

/**
 * 'Xuất Excel' and 'Xuất CSV' for a dashboard list: `path` is the export under /api/exports
 * ('sales', 'cars', 'leads/testdrive', 'candidates'), `query` the filters the list shows now.
 */
export function ExportButtons({
  path,
  query,
}: {
  path: string;
  query?: Record<string, string | number | boolean | null | undefined>;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(path, format, query);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        loading={busy === 'xlsx'}
        disabled={busy !== null}
        onClick={() => run('xlsx')}
      >
        {busy === 'xlsx' ? null : <FileSpreadsheet className="size-4" aria-hidden="true" />}
        Xuất Excel
      </Button>
      <Button
        variant="secondary"
        loading={busy === 'csv'}
        disabled={busy !== null}
        onClick={() => run('csv')}
      >
        {busy === 'csv' ? null : <FileDown className="size-4" aria-hidden="true" />}
        Xuất CSV
      </Button>
    </>
  );
}
