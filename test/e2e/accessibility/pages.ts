import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { alertPagePaths } from '../alerts-pages';
import type { Journey } from '../helpers';
import { type AxeViolation, axeScan } from '../helpers/axe';

/**
 * The pages the accessibility scans open (accessibility-*.test.ts: public pages at phone and at desktop
 * width, dashboard pages at desktop width, three files so that each shares the run with other journeys
 * instead of ending it alone), and how a page is opened and scanned.
 */

export interface Ids {
  carId: number;
  compareIds: number[];
  blogId: number;
  recruitmentId: number;
  userId: number;
  overviewId: number;
  transactionId: number;
  alertPages: string[];
  /** A visitor's reservation waiting for the transfer: its page address (code and token). */
  reservation: string;
  consultingId: number;
  /** The customer's booking page (its signed link from a test-drive receipt). */
  bookingPath: string;
  /** A customer record of the demo showroom (its leads are linked to customers). */
  customerId: number;
}

async function get<T>(journey: Journey, path: string, query?: Record<string, string | number>): Promise<T> {
  const res = await journey.api.call('GET', path, { token: journey.adminToken, query });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.body}`);
  return res.json as T;
}

/** What the pages need: a car, a post, a user, a reservation and a booking of the journey's showroom. */
export async function pageIds(journey: Journey): Promise<Ids> {
  const ids = {} as Ids;
  const cars = await get<{ content: { carId: number }[] }>(journey, 'cars', { pageSize: 3 });
  ids.carId = cars.content[0].carId;
  ids.compareIds = cars.content.slice(0, 3).map((c) => c.carId);
  ids.blogId = (await get<{ content: { blogId: number }[] }>(journey, 'blogs')).content[0].blogId;
  ids.recruitmentId = (await get<{ recruitmentId: number }[]>(journey, 'recruitments'))[0].recruitmentId;
  ids.userId = (await get<{ content: { userId: number }[] }>(journey, 'users')).content[0].userId;
  ids.overviewId = (
    await get<{ content: { overviewId: number }[] }>(journey, 'overview/admin/sliders')
  ).content[0].overviewId;
  ids.transactionId = (
    await get<{ content: { transactionId: number }[] }>(journey, 'soldhistory')
  ).content[0].transactionId;
  ids.alertPages = await alertPagePaths(journey);
  // A visitor reserves a car on sale (not the one the car pages show), as the deposit dialog does.
  const onSale = await get<{ content: { carId: number; status: string }[] }>(journey, 'cars', {
    sort: 'price_asc',
    pageSize: 24,
  });
  const free = onSale.content.find((c) => c.status === 'available' && c.carId !== ids.carId);
  if (!free) throw new Error('no car on sale to reserve in the demo showroom');
  const reserved = await journey.api.call('POST', 'reservations', {
    body: {
      carId: free.carId,
      fullName: 'Lê Thị Hoa',
      phone: '0912 345 678',
      email: 'hoa@example.com',
      clientRequestId: randomUUID(),
    },
  });
  if (reserved.status !== 201) throw new Error(`POST reservations: ${reserved.status} ${reserved.body}`);
  const r = reserved.json as { code: string; token: string };
  ids.reservation = `/reservations/${r.code}?token=${encodeURIComponent(r.token)}`;
  ids.consultingId = (
    await get<{ content: { leadId: number }[] }>(journey, 'consulting/admin')
  ).content[0].leadId;
  // A slot of the demo showroom's first car that nobody holds yet (the demo books a few).
  for (let n = 5; n < 15 && !ids.bookingPath; n++) {
    const day = new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const booked = await journey.api.call('POST', 'test-drives', {
      body: {
        fullName: 'Khách Kiểm Tra',
        phone: '0901 222 333',
        carId: ids.carId,
        preferredDate: day,
        timeSlot: '17:00',
      },
    });
    if (booked.status === 201)
      ids.bookingPath = new URL((booked.json as { manageUrl: string }).manageUrl).pathname;
  }
  if (!ids.bookingPath) throw new Error('no free test-drive slot for the booking page');
  ids.customerId = (
    await get<{ content: { customerId: number }[] }>(journey, 'customers')
  ).content[0].customerId;
  return ids;
}

export const publicPages = (ids: Ids): string[] => [
  '/',
  '/cars',
  `/cars/${ids.carId}`,
  `/compare?carIds=${ids.compareIds.join(',')}`,
  '/chatbot',
  '/testdrive',
  '/maintenance',
  '/consulting',
  '/sell-car',
  '/about',
  '/services',
  '/blogs',
  `/blogs/${ids.blogId}`,
  '/recruitment',
  `/recruitment?id=${ids.recruitmentId}`,
  '/favorites',
  `/favorites?ids=${ids.compareIds.join(',')}`,
  ...ids.alertPages,
  '/login',
  '/reset-password',
  ids.reservation,
  ids.bookingPath,
  '/khong-co-trang-nay',
];

export const dashboardPages = (ids: Ids): string[] =>
  [
    '',
    '/profile',
    '/profile/change-information',
    '/users',
    '/users/add',
    `/users/${ids.userId}`,
    '/setting',
    '/testdriveManagement',
    '/maintenanceManagement',
    '/consultantManagement',
    // A lead's drawer: response clock, source, follow-up.
    `/consultantManagement?id=${ids.consultingId}`,
    '/calendar',
    '/purchaseManagement',
    '/recon',
    '/customers',
    `/customers/${ids.customerId}`,
    '/deals',
    '/deals/new',
    '/sliders',
    '/sliders/add',
    `/sliders/${ids.overviewId}`,
    '/blogs',
    '/blogs/add',
    `/blogs/${ids.blogId}`,
    '/recruitment',
    '/candidates',
    '/carManagement',
    '/car/add',
    `/car/edit/${ids.carId}`,
    `/car/edit/${ids.carId}?tab=giay-to`,
    `/car/inspection/${ids.carId}`,
    '/inspection-template',
    '/soldhistory',
    `/soldhistory/${ids.transactionId}`,
    '/reservations',
    '/market-prices',
    '/stock-ageing',
    '/repricing',
    '/audit',
    '/khong-co-trang-nay',
  ].map((p) => `/dashboard${p}`);

/** Pages whose content comes after the heading: scanned once it is there. */
const READY: [RegExp, string][] = [
  [/^\/reservations\//, '[data-testid="reservation-status"]'],
  [/^\/dashboard\/car\/inspection\//, '#insp-name'],
];

/** Opens the page and waits until it shows its content (heading drawn, requests settled). */
export async function open(journey: Journey, page: Page, path: string) {
  await page.goto(`${journey.server.url}${path}`);
  await page.locator('h1').first().waitFor();
  for (const [pattern, selector] of READY)
    if (pattern.test(path)) await page.locator(selector).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  // Lazy images and skeletons swap once data is in; give the last render a frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
}

function describeViolations(path: string, width: number, found: AxeViolation[]) {
  return found
    .map(
      (v) => `${v.rule} on ${path} at ${width} px (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`,
    )
    .join('\n');
}

/** Scans and describes what was found: rule, page, width and elements. */
export async function newViolations(page: Page, path: string, width: number): Promise<string[]> {
  const found = await axeScan(page);
  return found.length ? [describeViolations(path, width, found)] : [];
}

/**
 * Every public page at one width, then the AI advisor's panel opened from the floating button and its
 * "Gặp nhân viên tư vấn" form: what axe found, described (empty when clean).
 */
export async function scanPublicPages(
  journey: Journey,
  page: Page,
  ids: Ids,
  width: number,
): Promise<string[]> {
  const failures: string[] = [];
  for (const path of publicPages(ids)) {
    await open(journey, page, path);
    failures.push(...(await newViolations(page, path, width)));
  }
  await open(journey, page, '/cars');
  await page.getByRole('button', { name: 'Mở Chat với Trợ lý AI' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat với Trợ lý AI' });
  await panel.getByRole('log', { name: 'Cuộc trò chuyện' }).locator('li').first().waitFor();
  failures.push(...(await newViolations(page, '/cars (Trợ lý AI mở)', width)));
  await panel.getByRole('button', { name: 'Gặp nhân viên tư vấn' }).click();
  await panel.getByTestId('chat-handoff-form').waitFor();
  failures.push(...(await newViolations(page, '/cars (Gặp nhân viên tư vấn)', width)));
  return failures;
}
