// The thread a price list is read in (parse-in-worker.ts starts it, one per file): the bytes come in as
// workerData; the answer (or the refusal) goes back as one message, then the rows to store in batches,
// one each time the server's thread asks for the next.
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../../platform/errors';
import { type ParsedPriceList, parsePriceList } from './parse-file';

/** Rows a batch holds: copying one into the server's thread takes a few milliseconds. */
const BATCH = 2_000;

/** The first message: the list without its rows (`fresh` empty) and how many rows follow, or the refusal. */
export type WorkerAnswer =
  | { ok: true; list: ParsedPriceList; rows: number }
  | { ok: false; status: number; message: string };
export type WorkerBatch = ParsedPriceList['fresh'];

const port = parentPort;
const { bytes, year } = workerData as { bytes: Uint8Array; year: number };
try {
  const list = await parsePriceList(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), year);
  const rows = list.fresh;
  port?.postMessage({ ok: true, list: { ...list, fresh: [] }, rows: rows.length } satisfies WorkerAnswer);
  let sent = 0;
  port?.on('message', () => {
    port.postMessage(rows.slice(sent, sent + BATCH) satisfies WorkerBatch);
    sent += BATCH;
  });
} catch (err) {
  port?.postMessage(
    (err instanceof ApiError
      ? { ok: false, status: err.status, message: err.message }
      : // Whatever else a malformed file makes the readers throw.
        {
          ok: false,
          status: 400,
          message: 'Không đọc được tệp: tệp hỏng hoặc không đúng định dạng',
        }) satisfies WorkerAnswer,
  );
}
