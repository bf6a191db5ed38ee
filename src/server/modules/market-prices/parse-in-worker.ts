import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ApiError, tooMany } from '../../platform/errors';
import type { ParsedPriceList } from './parse-file';
import type { WorkerAnswer, WorkerBatch } from './parse-worker';

/**
 * A price list is read in a worker thread of its own: a file crafted to take memory or time (a ZIP
 * bomb, millions of cells) can then exhaust only the worker's heap and its time, never the server's,
 * and requests go on being answered while it reads. One file is read at a time; a few more wait.
 */
export interface ParseLimits {
  /** The worker is stopped after this long. */
  timeoutMs: number;
  /** V8's old generation of the worker (its heap, roughly). */
  heapMb: number;
}

// A list of 50.000 rows takes 3 s to read on a quiet machine and about 10 s on a busy one
// (docs/performance.md): the time limit stops only what no real list needs.
export const PARSE_LIMITS: ParseLimits = { timeoutMs: 60_000, heapMb: 160 };
/** Files waiting for the one being read; one more is refused (429). */
const MAX_WAITING = 3;

// From the sources (tsx, vitest) the worker is the TypeScript file beside this one, loaded through tsx;
// in the bundle (dist/server, scripts/build/server.mjs) it is an entry point of its own beside the chunks.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = fromSources
  ? new URL('./parse-worker.ts', import.meta.url)
  : new URL('./market-prices-parse-worker.js', import.meta.url);
const EXEC_ARGV = fromSources ? ['--import', createRequire(import.meta.url).resolve('tsx')] : undefined;

const tooBig = () =>
  new ApiError(413, 'Tệp quá lớn hoặc quá phức tạp để đọc: hãy chia thành nhiều tệp nhỏ hơn');

let running = false;
const waiting: (() => void)[] = [];

async function turn(): Promise<() => void> {
  if (running) {
    if (waiting.length >= MAX_WAITING)
      throw tooMany('Máy chủ đang đọc các bảng giá khác, vui lòng thử lại sau ít phút', 30);
    await new Promise<void>((ok) => waiting.push(ok));
  }
  running = true;
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  };
}

function runWorker(bytes: Buffer, year: number, limits: ParseLimits): Promise<ParsedPriceList> {
  return new Promise((resolve, reject) => {
    // A copy of exactly the file's bytes, handed over rather than cloned.
    const copy = new Uint8Array(bytes);
    const worker = new Worker(WORKER_URL, {
      workerData: { bytes: copy, year },
      transferList: [copy.buffer],
      execArgv: EXEC_ARGV,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(tooBig())), limits.timeoutMs);
    // The answer, then the rows in batches asked for one at a time: a single message of 50.000 rows takes
    // the server's thread half a second to copy in, a batch a few milliseconds between other requests.
    let list: ParsedPriceList | null = null;
    let expected = 0;
    worker.on('message', (message: WorkerAnswer | WorkerBatch) => {
      if (!list) {
        const answer = message as WorkerAnswer;
        if (!answer.ok) return settle(() => reject(new ApiError(answer.status, answer.message)));
        list = answer.list;
        expected = answer.rows;
      } else for (const row of message as WorkerBatch) list.fresh.push(row);
      const done = list;
      if (done.fresh.length >= expected) settle(() => resolve(done));
      else worker.postMessage('next');
    });
    // Out of its heap, the file is what took it. Any other death is ours (the worker file missing from a
    // build, say) and answers as the server's fault.
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : err)),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the price-list worker exited (${code}) without an answer`))),
    );
  });
}

/** Reads a price list in a worker thread, within `limits`; refusals come back as the worker's ApiError. */
export async function parseInWorker(
  bytes: Buffer,
  year: number,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ParsedPriceList> {
  const done = await turn();
  try {
    return await runWorker(bytes, year, limits);
  } finally {
    done();
  }
}
