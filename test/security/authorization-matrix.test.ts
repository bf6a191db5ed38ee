import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '../../src/contract/permissions';
import { sessions } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * Every /api route the server registers, called as every kind of caller, checked against the rule the
 * spec's permission table implies. The rules below are written from the spec, not read from the
 * routes' own declarations, and a route without a rule fails the test: a new route cannot slip by.
 */
/** 'apikey': open to no session at all, only to the caller holding the key in settings (the bank's notifier). */
/** 'admin': the administrator only (no permission grants it). */
/** A list: any one of these permissions opens the route (the customer record: service or car staff). */
type Expected = 'public' | 'auth' | 'metrics' | 'apikey' | 'admin' | Permission | readonly Permission[];

const RULES: [method: string | RegExp, path: RegExp, expected: Expected][] = [
  // Public: visitors without a token (spec section 6), plus sign-in and password reset.
  [/GET|POST/, /^\/api\/(health|ready)$/, 'public'],
  // Operations: the Prometheus scraper's own token, which no staff account holds (spec is silent).
  ['GET', /^\/api\/metrics$/, 'metrics'],
  ['GET', /^\/api\/docs/, 'public'],
  ['POST', /^\/api\/auth\/(login|reset-password|reset-password\/confirm|report-change)$/, 'public'],
  ['GET', /^\/api\/auth\/login-info$/, 'public'],
  ['GET', /^\/api\/web-configuration(\/car-calculations|\/system-message)?$/, 'public'],
  // Staff: the permission each dashboard area needs (spec section 6 table).
  // Reconditioning: the workshop (any staff) moves cards and does the work; a car manager approves work
  // (checked on the item's new status), names the stages' owners and edits the stages.
  ['GET', /^\/api\/recon\/staff$/, 'MANAGE_CAR'],
  ['PUT', /^\/api\/recon\/settings$/, 'MANAGE_CAR'],
  ['GET', /^\/api\/recon\/settings$/, 'auth'],
  [/.*/, /^\/api\/recon\/(board|items\/:itemId(\/estimate)?)$/, 'auth'],
  [/.*/, /^\/api\/cars\/admin\/:id\/recon(\/|$)/, 'auth'],
  [/.*/, /^\/api\/cars\/admin/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/soldhistory/, 'MANAGE_CAR'],
  // Deals (quote to ownership transfer), their documents and payments: the sales staff's.
  // The buyer follows the ownership transfer on a signed link (the token decides which deal).
  ['GET', /^\/api\/deals\/public\/:token$/, 'public'],
  [/.*/, /^\/api\/deals(\/|$)/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/exports\/(sales|cars|recon-stats)/, 'MANAGE_CAR'],
  // A car's papers and service history: visitors read them, car managers keep them (and read staff notes).
  ['GET', /^\/api\/cars\/:id\/history\/staff$/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/cars\/:id\/(papers|service-records)(\/|$)/, 'MANAGE_CAR'],
  // The inspection report: visitors read it (staff notes with MANAGE_CAR), car managers write it and its template.
  [/PUT|POST/, /^\/api\/cars\/:id\/inspection(\/photos)?$/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/inspection-template(\/|$)/, 'MANAGE_CAR'],
  ['GET', /^\/api\/(cars|car-compare|homepage)(\/|$)/, 'public'],
  // Reservations: visitors hold a car and read or cancel their own (the signed link decides which);
  // the bank's notifier signs with its API key; car managers handle the rest.
  [/.*/, /^\/api\/(reservations|payments)\/admin/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/reservations(\/:code(\/cancel|\/paid-claim)?)?$/, 'public'],
  ['POST', /^\/api\/payments\/sepay$/, 'apikey'],
  // Zalo's delivery callback: only a request signed with the OA's secret key passes.
  ['POST', /^\/api\/zalo\/webhook$/, 'apikey'],
  // Saved searches and price alerts: visitors sign up, and their e-mails' signed links confirm, end and
  // manage them (the token decides which); the administrator may run the day's digest at once.
  ['POST', /^\/api\/alerts\/admin\/digest$/, 'admin'],
  ['POST', /^\/api\/(saved-searches|cars\/:id\/price-watch)$/, 'public'],
  [/GET|POST/, /^\/api\/alerts\/(confirm|unsubscribe|manage(\/unsubscribe(-all)?)?)$/, 'public'],
  ['GET', /^\/api\/favorites\/cars$/, 'public'],
  // Market prices and pricing help are the car managers'; an instant valuation is anyone's.
  [/.*/, /^\/api\/market-prices(\/|$)/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/(valuations\/staff|stock-ageing)$/, 'MANAGE_CAR'],
  // Prices against the market and the repricing queue: the car managers' (they carry true costs).
  [/.*/, /^\/api\/valuations\/(pricing|repricing(\/:carId)?)$/, 'MANAGE_CAR'],
  [/POST|GET/, /^\/api\/valuations(\/catalogue)?$/, 'public'],
  // A bought car enters stock: the car managers' (its draft too); the offer is the service staff's.
  [/.*/, /^\/api\/purchases\/admin\/:id\/(car-draft|buy)$/, 'MANAGE_CAR'],
  [/.*/, /^\/api\/(test-drives|maintenance|consulting|purchases)\/admin/, 'MANAGE_SERVICE'],
  [/.*/, /^\/api\/service-requests\//, 'MANAGE_SERVICE'],
  // The customer record: whoever meets customers, on the service side or the car side.
  [/.*/, /^\/api\/customers(\/|$)/, ['MANAGE_SERVICE', 'MANAGE_CAR']],
  [/.*/, /^\/api\/exports\/leads/, 'MANAGE_SERVICE'],
  ['POST', /^\/api\/(test-drives|maintenance|consulting|purchases)$/, 'public'],
  // Bookings: visitors see which slots are free, and read, move or cancel their own booking (the
  // signed link decides which); the staff calendar is under service-requests above.
  ['GET', /^\/api\/(test-drives|maintenance)\/slots$/, 'public'],
  [/GET|PUT|POST/, /^\/api\/bookings\/:token(\/(schedule|cancel))?$/, 'public'],
  ['GET', /^\/api\/overview\/sliders$/, 'public'],
  [/.*/, /^\/api\/overview\//, 'MANAGE_OVERVIEW'],
  [/.*/, /^\/api\/blogs\/admin/, 'MANAGE_BLOG'],
  ['GET', /^\/api\/blogs(\/categories|\/category\/:category|\/:id)?$/, 'public'],
  [/.*/, /^\/api\/recruitments\/(admin|status)/, 'MANAGE_RECRUITMENT'],
  [/.*/, /^\/api\/candidates/, 'MANAGE_RECRUITMENT'],
  [/.*/, /^\/api\/exports\/candidates/, 'MANAGE_RECRUITMENT'],
  ['GET', /^\/api\/recruitments(\/:id|\/type\/:type)?$/, 'public'],
  ['POST', /^\/api\/recruitments\/:id\/apply$/, 'public'],
  ['POST', /^\/api\/chatbot\/history$/, 'public'],
  // "Gặp nhân viên tư vấn": a visitor leaves a name and phone from the chat, like a lead form.
  ['POST', /^\/api\/chat\/handoff$/, 'public'],
  ['GET', /^\/api\/uploads\//, 'public'],
  // The WebSocket endpoint signs in inside its CONNECT frame.
  ['GET', /^\/api\/notifications$/, 'public'],
  [/.*/, /^\/api\/(users|permissions)(\/|$)/, 'MANAGE_USER'],
  [/.*/, /^\/api\/(web-configuration|audit)(\/|$)/, 'WEB_CONFIG'],
  // Any signed-in staff: their own account, their notifications, the statistics overview.
  [/.*/, /^\/api\/auth\/(my-info|logout|change-password|change-info)$/, 'auth'],
  [/GET|DELETE/, /^\/api\/auth\/sessions(\/:sessionId)?$/, 'auth'],
  [/.*/, /^\/api\/notifications\//, 'auth'],
  // Revenue, purchase prices and margins: the car managers' (the overview shows them only to them).
  [
    'GET',
    /^\/api\/dashboard\/(sold-cars-by-(brand|years|months)|sales-performance|salespeople|reservations|recon)$/,
    'MANAGE_CAR',
  ],
  ['GET', /^\/api\/dashboard\//, 'auth'],
];

function expectedFor(method: string, url: string): Expected | undefined {
  for (const [m, path, expected] of RULES) {
    const methodOk = typeof m === 'string' ? m === method : m.test(method);
    if (methodOk && path.test(url)) return expected;
  }
  return undefined;
}

let t: TestApp;
const tokens = new Map<string, { id: number; token: string }>();

async function mint(userId: number): Promise<string> {
  // A token exactly as login issues it, without spending argon2 time or the login rate limit.
  const signed = await t.ctx.tokens.sign(userId);
  await t.ctx.db.insert(sessions).values({ id: signed.sessionId, userId, expiresAt: signed.expiresAt });
  return signed.jwt;
}

beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: 'scraper-token-0123456789' });
  const none = await t.createStaff([]);
  tokens.set('none', none);
  for (const p of PERMISSIONS) tokens.set(p, await t.createStaff([p]));
  tokens.set('admin', { id: 1, token: t.adminToken });
  const deactivated = await t.createStaff([...PERMISSIONS]);
  await t.call('DELETE', `/api/users/${deactivated.id}`, { token: t.adminToken });
  tokens.set('deactivated', deactivated);
  const revoked = await t.createStaff([...PERMISSIONS]);
  await t.call('POST', '/api/auth/logout', { token: revoked.token });
  tokens.set('revoked', revoked);
}, 120_000);
afterAll(() => t?.close());

function fill(url: string, callerId: number) {
  return url
    .replace(/:userId/g, String(callerId))
    .replace(/:[A-Za-z]+/g, '999999')
    .replace(/\*$/, 'x.webp');
}

/**
 * Account management: every user route aimed at an account holding more permissions than the caller.
 * Only an admin may; a MANAGE_USER holder is refused (403), others never reach it (403), and a caller
 * not signed in gets 401. The list answers but leaves such accounts out.
 */
describe('manage a user with more permissions than mine', () => {
  const USER_ROUTE = /^\/api\/(users|permissions)(\/|$)/;
  const EXTRA: Record<string, Permission> = { none: 'MANAGE_BLOG' };
  const bodyFor = (method: string, url: string, granted: Permission[]) => {
    if (method === 'PUT' && url === '/api/users/:userId')
      return { fullName: 'Đồng Nghiệp Nhiều Quyền', email: 'nhieuquyen@example.com', role: 'STAFF' };
    if (method === 'PUT' && url === '/api/permissions/:userId') return ['MANAGE_USER'];
    if (method === 'PUT' && url === '/api/users/:id/receives-leads') return { receivesLeads: false };
    if (method === 'POST' && url === '/api/users/addUser')
      return { fullName: 'Người Mới Nhiều Quyền', email: 'moi.nhieu@example.com', permissions: granted };
    return undefined;
  };

  it('is refused to everyone but the admin, on every user route', async () => {
    const routes = t.routeTable.filter((r) => USER_ROUTE.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    const callers = [['anonymous', undefined] as const, ...tokens.entries()];
    for (const [who, caller] of callers) {
      const held: Permission[] =
        who === 'admin' || who === 'anonymous' || who === 'none' || who === 'deactivated' || who === 'revoked'
          ? []
          : [who as Permission];
      const extra = EXTRA[who] ?? (who === 'MANAGE_CAR' ? 'MANAGE_SERVICE' : 'MANAGE_CAR');
      const granted = [...new Set([...held, 'MANAGE_USER' as Permission, extra])];
      // An account holding everything the caller holds, and more.
      const target = await t.createStaff(granted);
      for (const route of routes) {
        const url = route.url.replace(/:userId|:id/g, String(target.id));
        const res = await t.call(route.method as never, url, {
          token: caller?.token,
          body: bodyFor(route.method, route.url, granted),
        });
        let want: 'allow' | 401 | 403;
        if (who === 'anonymous' || who === 'deactivated' || who === 'revoked') want = 401;
        else if (who === 'admin') want = 'allow';
        else if (
          route.method === 'GET' &&
          (route.url === '/api/users' ||
            route.url.endsWith('generateUsername') ||
            route.url === '/api/permissions/all')
        )
          want = who === 'MANAGE_USER' ? 'allow' : 403;
        else want = 403;
        const denied = res.status === 401 || res.status === 403;
        const ok = want === 'allow' ? !denied && res.status < 500 : res.status === want;
        if (!ok) failures.push(`${route.method} ${url} as ${who}: ${res.status}, want ${want}`);
        if (route.url === '/api/users' && res.status === 200 && who !== 'admin') {
          const ids = (res.json.content as { userId: number }[]).map((u) => u.userId);
          if (ids.includes(target.id))
            failures.push(`GET /api/users as ${who} lists an account with more permissions`);
        }
      }
      // The target's own session still works, whatever was tried.
      if (
        who !== 'admin' &&
        (await t.call('GET', '/api/auth/my-info', { token: target.token })).status !== 200
      )
        failures.push(`the target of ${who} lost its session`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('authorisation matrix over the whole route table', () => {
  it('every route has a rule, and every caller gets the answer the rule implies', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api'));
    const unknown = routes.filter((r) => !expectedFor(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(unknown, 'routes without an authorisation rule').toEqual([]);

    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const expected = expectedFor(route.method, route.url)!;
      // A declared access weaker than the spec's rule is a hole even before any call.
      const declared = expected === 'apikey' ? 'public' : expected;
      const same = JSON.stringify(route.access) === JSON.stringify(declared);
      if (!same && !(expected !== 'public' && route.access === 'admin')) {
        failures.push(`${route.method} ${route.url}: declares ${route.access}, spec implies ${expected}`);
      }
      for (const [who, caller] of [['anonymous', undefined] as const, ...tokens.entries()]) {
        const url = fill(route.url, caller?.id ?? 1);
        const res = await t.call(route.method as never, url, { token: caller?.token });
        calls++;
        const denied = res.status === 401 || res.status === 403;
        let want: 'allow' | 401 | 403;
        if (expected === 'public') want = 'allow';
        else if (expected === 'metrics' || expected === 'apikey') want = 401;
        else if (who === 'anonymous' || who === 'deactivated' || who === 'revoked') want = 401;
        else if (expected === 'admin') want = who === 'admin' ? 'allow' : 403;
        else if (
          who === 'admin' ||
          expected === 'auth' ||
          who === expected ||
          (Array.isArray(expected) && expected.includes(who as Permission))
        )
          want = 'allow';
        else want = 403;
        const ok =
          want === 'allow' ? !denied || (res.status === 403 && ownOnly(route.url)) : res.status === want;
        if (!ok) failures.push(`${route.method} ${url} as ${who}: ${res.status}, want ${want}`);
        if (res.status >= 500)
          failures.push(`${route.method} ${url} as ${who}: ${res.status} ${res.body.slice(0, 200)}`);
        // Signing out or changing a password revokes tokens: give the caller a fresh one.
        if (
          caller &&
          who !== 'revoked' &&
          who !== 'deactivated' &&
          /logout|change-password|sessions/.test(route.url)
        ) {
          caller.token = await mint(caller.id);
        }
      }
    }
    console.log(
      `authorisation matrix: ${routes.length} routes × ${tokens.size + 1} callers = ${calls} calls`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

/** Routes whose handler refuses another user's data even to a permitted caller (e.g. POST send/:userId). */
function ownOnly(url: string) {
  return /^\/api\/notifications\/(markAsRead)\//.test(url);
}
