import { DEAL_DOCUMENT_KINDS, DEAL_DOCUMENT_LABELS, type DealDocumentKind } from '@contract/deal-documents';
import type { DealView } from '@contract/deals';
import { Download, Eye, FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { fetchDocument } from '../api';
import { Card } from './card';

/** Each document as the server renders it: downloaded, or previewed from the same PDF in a frame. */
export function DocumentsCard({ deal }: { deal: DealView }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ kind: DealDocumentKind; url: string } | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const get = async (kind: DealDocumentKind, how: 'download' | 'preview') => {
    setBusy(`${kind}-${how}`);
    try {
      const blob = await fetchDocument(deal.dealId, kind);
      const url = URL.createObjectURL(blob);
      if (how === 'preview') setPreview({ kind, url });
      else {
        const a = document.createElement('a');
        a.href = url;
        a.download = `${deal.code}-${kind}.pdf`;
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title="Giấy tờ">
      <ul className="divide-y divide-slate-100">
        {DEAL_DOCUMENT_KINDS.map((kind) => (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
              <FileText className="size-4 text-slate-500" aria-hidden="true" />
              {DEAL_DOCUMENT_LABELS[kind]}
            </span>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                loading={busy === `${kind}-preview`}
                onClick={() => get(kind, 'preview')}
                aria-label={`Xem trước ${DEAL_DOCUMENT_LABELS[kind]}`}
              >
                <Eye className="size-4" aria-hidden="true" />
                Xem
              </Button>
              <Button
                variant="secondary"
                loading={busy === `${kind}-download`}
                onClick={() => get(kind, 'download')}
                aria-label={`Tải PDF ${DEAL_DOCUMENT_LABELS[kind]}`}
              >
                <Download className="size-4" aria-hidden="true" />
                PDF
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <ModalDialog
        open={preview !== null}
        title={preview ? DEAL_DOCUMENT_LABELS[preview.kind] : ''}
        onClose={() => setPreview(null)}
        width="max-w-4xl"
      >
        {preview ? (
          <iframe title={DEAL_DOCUMENT_LABELS[preview.kind]} src={preview.url} className="h-[75dvh] w-full" />
        ) : null}
      </ModalDialog>
    </Card>
  );
}
