import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  NODE,
  ROOT,
  type ServerProcess,
  startServer,
  stopServer,
  tempDataDir,
} from '../db/server-process';
import { PRICE_HEADER, PRICE_ROW, rowXml, sheetChunks, workbook } from '../helpers/xlsx-files';

// Hostile price lists against a real server process, the build `npm start` runs (dist/server): the
// answer comes within 5 s, /api/health answers within 1 s all along, and the process's resident memory
// grows by less than 300 MB. Margins are the requirement's own: the machine is shared by two cores.
const ANSWER_MS = 5_000;
const HEALTH_MS = 1_000;
const GROWTH_MB = 300;

let proc: ServerProcess;
let dir: string;
let token: string;

beforeAll(async () => {
  // The bundle must be up to date with the sources (the parsing worker is a file of its own in it).
  const build = spawnSync(NODE, ['scripts/build/index.mjs', '--if-stale', 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
  dir = tempDataDir();
  proc = await startServer(dir, {}, 'built');
  token = await adminToken(proc);
}, 200_000);
afterAll(async () => {
  if (proc) await stopServer(proc);
  rmSync(dir, { recursive: true, force: true });
});

const statusKb = (field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field}: the server process is gone\n${proc.output()}`);
  return Number(m[1]);
};

interface Measured {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON
  json: any;
  ms: number;
  slowestHealthMs: number;
  healthChecks: number;
  growthMb: number;
}

/** Uploads a file while /api/health is polled: the answer, its time, the slowest check, RSS growth. */
async function upload(bytes: Buffer, name: string): Promise<Measured> {
  const before = statusKb('VmRSS');
  // Resets the peak (VmHWM) to the current resident size, so the peak read afterwards is this upload's.
  writeFileSync(`/proc/${proc.pid}/clear_refs`, '5');
  let done = false;
  let slowest = 0;
  let checks = 0;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      const res = await fetch(`${proc.base}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => null,
      );
      slowest = Math.max(slowest, performance.now() - t0);
      checks++;
      if (res?.status !== 200) slowest = Number.POSITIVE_INFINITY;
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const t0 = performance.now();
  let status = 0;
  // biome-ignore lint/suspicious/noExplicitAny: the answer's JSON
  let json: any;
  try {
    const res = await fetch(`${proc.base}/api/market-prices/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    json = await res.json().catch(() => undefined);
  } catch (err) {
    json = { error: String(err) };
  }
  const ms = performance.now() - t0;
  done = true;
  await poll;
  const growthMb = (statusKb('VmHWM') - before) / 1024;
  const m = { status, json, ms, slowestHealthMs: slowest, healthChecks: checks, growthMb };
  console.info(
    `${name} (${(bytes.length / 1024).toFixed(0)} KB): ${status} in ${ms.toFixed(0)} ms, ` +
      `slowest /api/health ${slowest.toFixed(0)} ms over ${checks} checks, RSS +${growthMb.toFixed(0)} MB`,
  );
  return m;
}

function withinBounds(m: Measured) {
  expect(m.ms).toBeLessThan(ANSWER_MS);
  expect(m.slowestHealthMs).toBeLessThan(HEALTH_MS);
  expect(m.growthMb).toBeLessThan(GROWTH_MB);
}

describe('hostile spreadsheets and CSV files on the market-price import (a real server process)', () => {
  it('a sheet declaring 300 MB once unpacked (one cell, 300 KB zipped) is refused before inflating it', async () => {
    const cell = Buffer.alloc(300 * 1024 * 1024, 'A');
    const sheet = [
      Buffer.from(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
          rowXml(1, PRICE_HEADER) +
          '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      ),
      cell,
      Buffer.from('</t></is></c></row></sheetData></worksheet>'),
    ];
    const file = await workbook(sheet);
    expect(file.length).toBeLessThan(400 * 1024);
    const m = await upload(file, 'mot-o-300mb.xlsx');
    expect(m.status).toBe(413);
    expect(m.json.message).toBe(
      'Tệp Excel sau khi giải nén lớn hơn 100 MB: hãy xóa bớt dữ liệu hoặc chia thành nhiều tệp',
    );
    withinBounds(m);
  }, 60_000);

  it('a ZIP that declares 1 MB for a sheet that inflates to 300 MB is refused as damaged, early', async () => {
    const sheet = [
      Buffer.from('<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'),
      Buffer.alloc(300 * 1024 * 1024, 'B'),
      Buffer.from('</t></is></c></row></sheetData></worksheet>'),
    ];
    const file = await workbook(sheet, { declaredSheetSize: 1024 * 1024 });
    const m = await upload(file, 'khai-sai.xlsx');
    expect(m.status).toBe(400);
    expect(m.json.message).toBe('Không đọc được tệp Excel: tệp hỏng hoặc không phải XLSX');
    withinBounds(m);
  }, 60_000);

  it('one text of 90 MB (within the 100 MB) is refused as damaged after its first megabyte', async () => {
    const sheet = [
      Buffer.from('<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>'),
      Buffer.alloc(90 * 1024 * 1024, 'C'),
      Buffer.from('</t></is></c></row></sheetData></worksheet>'),
    ];
    const m = await upload(await workbook(sheet), 'mot-o-90mb.xlsx');
    expect(m.status).toBe(400);
    expect(m.json.message).toBe('Không đọc được tệp Excel: tệp hỏng hoặc không phải XLSX');
    withinBounds(m);
  }, 60_000);

  it('60,000 price rows in a sheet refuse at the 50,000-row cap', async () => {
    const file = await workbook(sheetChunks(PRICE_HEADER, PRICE_ROW, 60_000));
    const m = await upload(file, '60-nghin-dong.xlsx');
    expect(m.status).toBe(413);
    expect(m.json.message).toBe('Tệp có hơn 50.000 dòng: hãy chia thành nhiều tệp');
    withinBounds(m);
  }, 60_000);

  it('a single CSV line of 10 MB answers 400 (no price columns), quickly', async () => {
    const line = Buffer.alloc(10 * 1024 * 1024 - 4096, 'x');
    const m = await upload(line, 'mot-dong.csv');
    expect(m.status).toBe(400);
    expect(m.json.message).toContain('Không tìm thấy cột');
    withinBounds(m);
  }, 60_000);

  it('a CSV with a million empty lines before its one row imports that row under its own number', async () => {
    const csv = Buffer.from(
      `Tên xe,Năm sản xuất,Số km,Giá\n${'\n'.repeat(1_000_000)}Kia Morning 1.25 AT,2019,60000,285 triệu\n`,
    );
    const m = await upload(csv, 'dong-trong.csv');
    expect(m.status).toBe(200);
    expect(m.json).toMatchObject({ format: 'csv', rows: 1, imported: 1, refused: 0 });
    withinBounds(m);
  }, 60_000);

  it('160,000 rows with a cell in the last column (XFD, 1.3 MB zipped) are read without spreading them out', async () => {
    const rows: Buffer[] = [];
    let parts: string[] = [];
    for (let n = 2; n <= 160_001; n++) {
      parts.push(`<row r="${n}"><c r="XFD${n}"><v>${n}</v></c></row>`);
      if (parts.length === 10_000) {
        rows.push(Buffer.from(parts.join('')));
        parts = [];
      }
    }
    const sheet = [
      Buffer.from(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
          rowXml(1, PRICE_HEADER),
      ),
      ...rows,
      Buffer.from(`${parts.join('')}</sheetData></worksheet>`),
    ];
    const file = await workbook(sheet);
    const m = await upload(file, 'cot-xfd.xlsx');
    expect(m.status, JSON.stringify(m.json)).toBeLessThan(500);
    expect(m.status).toBeGreaterThanOrEqual(200);
    withinBounds(m);
  }, 90_000);

  it('afterwards the server still imports a normal spreadsheet, from its built bundle', async () => {
    const file = await workbook(
      sheetChunks(PRICE_HEADER, ['Mazda CX-5 2.0 Premium', 2021, 38000, 790000000], 1),
    );
    const m = await upload(file, 'binh-thuong.xlsx');
    expect(m.status, JSON.stringify(m.json)).toBe(200);
    expect(m.json).toMatchObject({ format: 'xlsx', rows: 1, imported: 1 });
    expect(proc.child.exitCode).toBeNull();
  }, 60_000);
});
