// The thread a price list is read in (parse-in-worker.ts starts it, one per file): the bytes come in as
// workerData, the rows or the refusal go back as one message, and the thread ends.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../platform/errors';
import { parsePriceList } from './parse-file';

export type WorkerAnswer =
  | { ok: true; list: Awaited<ReturnType<typeof parsePriceList>> }
  | { ok: false; status: number; message: string };

const { bytes, year } = workerData as { bytes: Uint8Array; year: number };
let answer: WorkerAnswer;
try {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  answer = { ok: true, list: await parsePriceList(buf, year) };
} catch (err) {
  answer =
    err instanceof ApiError
      ? { ok: false, status: err.status, message: err.message }
      : // Whatever else a malformed file makes the readers throw.
        { ok: false, status: 400, message: 'Không đọc được tệp: tệp hỏng hoặc không đúng định dạng' };
}
parentPort?.postMessage(answer);
