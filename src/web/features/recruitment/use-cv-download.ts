import type { CandidateView } from '@contract/recruitment';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client';
import { downloadCv } from './api';

/** Downloads a candidate's CV: `run(candidate)`; `busy` is the candidate id while it downloads. */
export function useCvDownload() {
  const [busy, setBusy] = useState<number | null>(null);
  async function run(c: Pick<CandidateView, 'candidateId' | 'cv'>) {
    setBusy(c.candidateId);
    try {
      await downloadCv(c);
    } catch (err) {
      toast.error(errorMessage(err, 'Không tải được CV'));
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}
