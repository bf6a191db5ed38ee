/**
 * npm run bench:leads: a lead reaching the staff's list across two server processes on one PostgreSQL.
 *
 * Process A holds a staff member's STOMP subscription (the dashboard's bell: @stomp/stompjs over
 * WebSocket, as the browser does); visitors send consulting leads to process B. For each lead:
 *   - submit: the visitor's POST answered (201);
 *   - to bell: from the POST leaving to the notification arriving on A's socket (B commits, publishes
 *     with pg_notify, A's LISTEN connection receives it and writes the STOMP MESSAGE);
 *   - bell to row: from the notification to process A's list answering with the new row, as the open
 *     list refetches on the notification (GET /api/consulting/admin?page=1&size=20);
 *   - total: from the POST to the row in the list.
 * Two rounds: one visitor after another, then BENCH_STREAMS (default 8) visitors at once. A third
 * round times a booking to its Zalo message: BENCH_ZALO_LEADS (default 50) maintenance bookings with
 * "Nhận thông báo qua Zalo" ticked, from the POST leaving to the fake ZNS server (127.0.0.1, the ZNS
 * wire format) receiving the confirmation from process B's stored job.
 * Prints p50 / p95 / max in ms; asserts nothing. BENCH_LEADS (default 150 per round),
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client, type IMessage } from '@stomp/stompjs';
import { ZALO_MESSAGE_KINDS } from '../src/contract/messaging';
import { NOTIFICATIONS_ENDPOINT, notificationTopic } from '../src/contract/notifications';
import { startFakeZalo } from '../test/helpers/fake-zalo';
import { ADMIN_PASSWORD, api, freshDatabase, startServer } from '../test/pg/server-process';

const LEADS = Number(process.env.BENCH_LEADS ?? 150);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 8);
const ZALO_LEADS = Number(process.env.BENCH_ZALO_LEADS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const row = (name: string, xs: number[]) =>
  `${name.padEnd(14)} p50 ${pct(xs, 50).toFixed(1).padStart(7)}  p95 ${pct(xs, 95).toFixed(1).padStart(7)}  max ${Math.max(
    ...xs,
  )
    .toFixed(1)
    .padStart(7)}`;

/** Arrival of each lead's notification, by the number in the visitor's name ("Khách Đo Số 17"). */
const arrivals = new Map<number, { at: number; id: number }>();
const waiting = new Map<number, () => void>();

function onMessage(m: IMessage) {
  const at = performance.now();
  const body = JSON.parse(m.body) as { message: string; link: string | null };
  const n = Number(/Khách Đo Số (\d+)/.exec(body.message)?.[1]);
  const id = Number(new URL(body.link ?? '/', 'http://x').searchParams.get('id'));
  if (!n || !id) return;
  arrivals.set(n, { at, id });
  waiting.get(n)?.();
}

/** The notification of lead n: when it arrived and the lead's id it links to. */
function arrival(n: number): Promise<{ at: number; id: number }> {
  const got = arrivals.get(n);
  if (got) return Promise.resolve(got);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no notification for lead ${n} in 15 s`)), 15_000);
    waiting.set(n, () => {
      clearTimeout(timer);
      waiting.delete(n);
      resolve(arrivals.get(n)!);
    });
  });
}

let ip = 0;
async function sendLead(base: string, n: number) {
  ip++;
  const started = performance.now();
  const res = await fetch(`${base}/api/consulting`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    },
    body: JSON.stringify({
      fullName: `Khách Đo Số ${n}`,
      phone: '0912345678',
      email: 'khach@example.com',
      topic: 'BUY',
      message: 'Đo thời gian yêu cầu đến danh sách nhân viên',
      clientRequestId: randomUUID(),
      source: { utmSource: 'bench' },
    }),
  });
  const answered = performance.now();
  if (res.status !== 201) throw new Error(`lead ${n}: ${res.status} ${await res.text()}`);
  const receipt = (await res.json()) as { reference: string };
  return { started, answered, reference: receipt.reference };
}

async function main() {
  const db = await freshDatabase(PG_URL);
  const zalo = await startFakeZalo();
  const env = { TRUST_PROXY: 'on', LOG_LEVEL: 'warn', ...zalo.env };
  const a = await startServer(db.url, env);
  const b = await startServer(db.url, env);
  const stomp = new Client({
    webSocketFactory: () => new WebSocket(`${a.base.replace('http', 'ws')}${NOTIFICATIONS_ENDPOINT}`),
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  try {
    const token = (
      await api(a.base, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })
    ).text;
    const me = (await api(a.base, 'GET', '/api/auth/my-info', { token })).json as { userId: number };
    stomp.connectHeaders = { Authorization: `Bearer ${token}` };
    await new Promise<void>((resolve) => {
      stomp.onConnect = () => {
        stomp.watchForReceipt('sub', () => resolve());
        stomp.subscribe(notificationTopic(me.userId), onMessage, { receipt: 'sub' });
      };
      stomp.activate();
    });

    /** One lead, end to end: answered, bell, row in A's list. */
    async function measure(n: number) {
      const bell = arrival(n);
      const sent = await sendLead(b.base, n);
      const { at, id } = await bell;
      let listed: number;
      for (;;) {
        const page = await api(a.base, 'GET', '/api/consulting/admin?page=1&size=20', { token });
        listed = performance.now();
        const rows = page.json.content as { leadId: number; reference: string }[];
        if (rows.some((r) => r.leadId === id && r.reference === sent.reference)) break;
        if (listed - at > 15_000) throw new Error(`lead ${n} never listed`);
      }
      return {
        submit: sent.answered - sent.started,
        toBell: at - sent.started,
        bellToRow: listed - at,
        total: listed - sent.started,
      };
    }

    async function round(label: string, streams: number) {
      const results: Awaited<ReturnType<typeof measure>>[] = [];
      let next = 0;
      const base = label === 'one at a time' ? 10_000 : 20_000;
      await Promise.all(
        Array.from({ length: streams }, async () => {
          while (next < LEADS) {
            const n = base + next++;
            results.push(await measure(n));
          }
        }),
      );
      console.log(
        `\n${label}: ${results.length} leads sent to process B, the bell and the list on process A`,
      );
      console.log(
        row(
          'submit (201)',
          results.map((r) => r.submit),
        ),
      );
      console.log(
        row(
          'to bell',
          results.map((r) => r.toBell),
        ),
      );
      console.log(
        row(
          'bell to row',
          results.map((r) => r.bellToRow),
        ),
      );
      console.log(
        row(
          'total',
          results.map((r) => r.total),
        ),
      );
    }

    // Warm-up: connections, prepared paths, the JIT.
    for (let i = 1; i <= 10; i++) await measure(i);
    await round('one at a time', 1);
    await round(`${STREAMS} visitors at once`, STREAMS);

    // A booking to its Zalo confirmation: the template ids set, each visitor with a phone of their own.
    const templates = Object.fromEntries(ZALO_MESSAGE_KINDS.map((k, i) => [k, String(400_000 + i)]));
    await api(a.base, 'PUT', '/api/web-configuration', { token, body: { zalo: { templates } } });
    const zaloTimes: number[] = [];
    for (let i = 0; i < ZALO_LEADS + 3; i++) {
      const phone = `0913${String(100_000 + i).padStart(6, '0')}`;
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no Zalo message for booking ${i} in 20 s`)), 20_000);
        zalo.onSent = (m) => {
          if (m.body.phone !== `84${phone.slice(1)}`) return;
          clearTimeout(timer);
          resolve(performance.now());
        };
      });
      ip++;
      const started = performance.now();
      const res = await fetch(`${b.base}/api/maintenance`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
        },
        body: JSON.stringify({
          fullName: `Khách Zalo ${i}`,
          phone,
          zaloConsent: true,
          licencePlate: '51G 12345',
          make: 'Honda',
          model: 'City',
          year: 2019,
          odometer: 45_000,
          serviceType: 'PERIODIC',
          preferredDate: new Date(Date.now() + (3 + (i % 40)) * 86_400_000).toISOString().slice(0, 10),
          clientRequestId: randomUUID(),
        }),
      });
      if (res.status !== 201) throw new Error(`booking ${i}: ${res.status} ${await res.text()}`);
      const at = await arrived;
      // The first few warm the token renewal and the job path.
      if (i >= 3) zaloTimes.push(at - started);
    }
    console.log(
      `\nlead to Zalo: ${zaloTimes.length} bookings to process B, the ZNS request at the fake Zalo`,
    );
    console.log(row('to ZNS', zaloTimes));
  } finally {
    await stomp.deactivate();
    await zalo.close();
    await Promise.all([a.stop(), b.stop()]);
    await db.drop();
  }
}

await main();
