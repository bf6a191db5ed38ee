import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { axeScan, DESKTOP, journeyFixture, PHONE, signIn } from './helpers';

/**
 * Bookings that hold, in the browser: two phone visitors race for the last free test-drive slot of a
 * car; one wins, the other is refused with the nearest free slots and books one of them. Staff find the
 * booking on the calendar, drag it onto a taken hour (refused, a toast), onto another day (moved), and
 * move it again with the keyboard dialog. The customer's old link is then used up; the new one from the
 * e-mail shows the new time and cancels it. axe scans the calendar and the customer's page.
 */
const journey = journeyFixture(import.meta.url, { env: { TRUST_PROXY: 'on' } });

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
let ip = 0;

/** A public submission from its own address (the per-address limit is for people, not for the set-up). */
async function book(carId: number, date: string, slot: string) {
  ip++;
  const res = await fetch(`${journey.server.url}/api/test-drives`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${ip >> 8}.${ip & 255}` },
    body: JSON.stringify({
      fullName: `Khách Xếp Lịch ${ip}`,
      phone: `0908${String(100_000 + ip).slice(-6)}`,
      carId,
      preferredDate: date,
      timeSlot: slot,
    }),
  });
  return res.status;
}

async function freeSlots(carId: number, date: string): Promise<string[]> {
  const res = await journey.api.call('GET', 'test-drives/slots', { query: { carId, date } });
  return (res.json as { slots: { time: string; state: string }[] }).slots
    .filter((s) => s.state === 'free')
    .map((s) => s.time);
}

/**
 * A car and a weekday (Monday to Friday, so the two days after it are in the same calendar week) whose
 * test drives are booked so that 17:00 is the only free slot left.
 */
async function lastSlotDay(): Promise<{ carId: number; day: string }> {
  const cars = (await journey.api.call('GET', 'cars', { query: { pageSize: 6 } })).json as {
    content: { carId: number }[];
  };
  const today = vnDayKey(new Date());
  const days = Array.from({ length: 12 }, (_, i) => addDays(today, i + 2)).filter((d) => {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    return weekday >= 1 && weekday <= 5;
  });
  for (const day of days) {
    for (const { carId } of cars.content) {
      if (!(await freeSlots(carId, day)).includes('17:00')) continue;
      for (const slot of await freeSlots(carId, day)) if (slot <= '16:00') await book(carId, day, slot);
      const left = await freeSlots(carId, day);
      if (left.length === 1 && left[0] === '17:00') return { carId, day };
    }
  }
  throw new Error('no car and day could be prepared with one free slot left');
}

/** The newest link to a booking page in the mails to `to`. */
function newestBookingLink(to: string): string | null {
  const dir = join(journey.server.dataDir, 'outbox');
  const links = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((m) => m.includes(to))
    .flatMap((m) => [...m.replace(/=\r?\n/g, '').matchAll(/\/lich-hen\/([\w-]+)/g)].map((x) => x[1]));
  return links.at(-1) ?? null;
}

/**
 * A drag and drop as the browser fires it (dragstart on the card, dragover and drop on the cell,
 * dragend), with one DataTransfer carried through: pointer-driven drags in headless Chromium pick the
 * element under a computed point, which a card in a dense grid does not always own.
 */
async function drag(source: Locator, target: Locator) {
  const dataTransfer = await source.page().evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

async function expectNoAxeViolations(page: Page, where: string) {
  const found = await axeScan(page);
  expect(found.map((v) => `${v.rule} on ${where}: ${v.help} ${v.targets.join(' ')}`)).toEqual([]);
}

describe('a booking that holds', () => {
  let carId: number;
  let day: string;

  beforeAll(async () => {
    ({ carId, day } = await lastSlotDay());
  }, 120_000);

  it('two visitors race for the last slot; staff move the winner on the calendar; the customer follows the new link', {
    timeout: 240_000,
  }, async () => {
    const { server, browser } = journey;
    const phone = () => browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const winner = await phone();
    const loser = await phone();
    for (const [page, name, phoneNo] of [
      [winner, 'Lê Thị Nhanh Tay', '0912 777 001'],
      [loser, 'Võ Văn Chậm Chân', '0912 777 002'],
    ] as const) {
      await page.goto(`${server.url}/testdrive?carId=${carId}`);
      await page.getByTestId('chosen-car').waitFor();
      await page.getByLabel('Ngày lái thử').fill(dmy(day));
      // Taken hours are shown, disabled and labelled; the last free one is offered.
      await page.getByRole('radio', { name: '16:00 Đã đặt' }).waitFor({ state: 'attached' });
      expect(await page.getByRole('radio', { name: '08:00 Đã đặt' }).isDisabled()).toBe(true);
      await page.getByText('17:00', { exact: true }).click();
      expect(await page.getByRole('radio', { name: '17:00' }).isChecked()).toBe(true);
      await page.getByLabel('Họ và tên').fill(name);
      await page.getByLabel('Số điện thoại').fill(phoneNo);
      if (page === winner) await page.getByLabel('Email').fill('nhanh.tay@example.com');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }

    await winner.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    await winner.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    const reference = (await winner.locator('dd.font-mono').textContent()) ?? '';

    await loser.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    await loser
      .getByText(`Xe này đã có người đặt lái thử vào khung giờ 17:00 ngày ${dmy(day)}.`, { exact: false })
      .waitFor();
    const offered = loser.getByRole('list', { name: 'Khung giờ trống gần nhất' }).getByRole('button');
    expect(await offered.count()).toBe(3);
    expect(await offered.first().textContent()).toContain(`08:00`);
    expect(await offered.first().textContent()).toContain(dmy(addDays(day, 1)));
    await offered.first().click();
    expect(await loser.getByLabel('Ngày lái thử').inputValue()).toBe(dmy(addDays(day, 1)));
    await loser.getByRole('radio', { name: '08:00' }).isChecked();
    await loser.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    await loser.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    await loser.getByText(`${dmy(addDays(day, 1))} lúc 08:00`).waitFor();

    // The winner's own page, from the thank-you screen (no account).
    await winner.getByRole('link', { name: 'Đổi giờ hoặc hủy lịch hẹn' }).click();
    await winner.getByRole('heading', { level: 1, name: 'Lịch hẹn của bạn' }).waitFor();
    await winner.getByTestId('booking-when').getByText(`17:00`, { exact: false }).waitFor();
    await expectNoAxeViolations(winner, 'the booking page at 360 px');

    // Staff: the calendar's week, the booking as a card.
    const staff = await browser.newPage({ viewport: DESKTOP });
    await signIn(staff, server.url, server.adminUsername, server.adminPassword);
    await staff.goto(`${server.url}/dashboard/calendar?date=${day}`);
    const card = staff.getByTestId('calendar-item').filter({ hasText: 'Lê Thị Nhanh Tay' });
    await card.waitFor();
    expect(await staff.locator(`td[data-cell="${day} 17:00"]`).getByText('Lê Thị Nhanh Tay').count()).toBe(1);
    await expectNoAxeViolations(staff, 'the calendar at 1366 px');

    // Onto an hour the car is out (16:30 overlaps the 16:00 drive): refused, said in a toast, nothing moves.
    await drag(card, staff.locator(`td[data-cell="${day} 16:30"]`));
    await staff
      .locator('[data-sonner-toast]', { hasText: 'Xe này đã có người đặt lái thử' })
      .first()
      .waitFor();
    expect(await staff.locator(`td[data-cell="${day} 17:00"]`).getByText('Lê Thị Nhanh Tay').count()).toBe(1);

    // Onto a free hour of the next day: moved.
    const nextFree = (await freeSlots(carId, addDays(day, 1))).find((t) => t >= '10:00') as string;
    const laterFree = (await freeSlots(carId, addDays(day, 2))).find((t) => t >= '11:00') as string;
    await drag(card, staff.locator(`td[data-cell="${addDays(day, 1)} ${nextFree}"]`));
    await staff
      .locator('[data-sonner-toast]', { hasText: 'Đã đổi lịch của Lê Thị Nhanh Tay' })
      .first()
      .waitFor();
    await staff
      .locator(`td[data-cell="${addDays(day, 1)} ${nextFree}"]`)
      .getByText('Lê Thị Nhanh Tay')
      .waitFor();

    // And with the keyboard: the card's "Đổi lịch" button, a dialog, a day and an hour.
    await staff.getByRole('button', { name: `Đổi lịch hẹn của Lê Thị Nhanh Tay (${reference})` }).focus();
    await staff.keyboard.press('Enter');
    const dialog = staff.getByRole('dialog', { name: 'Đổi lịch hẹn' });
    await dialog.waitFor();
    await dialog.getByLabel('Ngày hẹn mới').fill(dmy(addDays(day, 2)));
    await dialog.getByRole('radio', { name: laterFree }).waitFor({ state: 'attached' });
    await dialog.getByText(laterFree, { exact: true }).click();
    await dialog.getByLabel('Ghi chú (lưu vào lịch sử)').fill('Khách gọi xin dời sang trưa');
    await expectNoAxeViolations(staff, 'the reschedule dialog at 1366 px');
    await dialog.getByRole('button', { name: 'Lưu lịch mới' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await staff
      .locator(`td[data-cell="${addDays(day, 2)} 11:00"]`)
      .getByText('Lê Thị Nhanh Tay')
      .waitFor();

    const found = await journey.api.call('GET', 'test-drives/admin', {
      token: journey.adminToken,
      query: { search: reference },
    });
    const lead = (found.json as { content: { leadId: number; preferredDate: string; timeSlot: string }[] })
      .content[0];
    expect(lead).toMatchObject({ preferredDate: addDays(day, 2), timeSlot: laterFree });
    const detail = (
      await journey.api.call('GET', `test-drives/admin/${lead.leadId}`, { token: journey.adminToken })
    ).json as { events: { kind: string; note: string | null }[] };
    expect(detail.events.filter((e) => e.kind === 'SCHEDULE')).toHaveLength(2);
    expect(detail.events[0].note).toBe('Khách gọi xin dời sang trưa');

    // The customer: the old link is used up; the e-mail's new one shows the new time, and cancels.
    await winner.reload();
    await winner.getByText('Liên kết này đã cũ vì lịch hẹn đã được đổi', { exact: false }).waitFor();
    let token: string | null = null;
    await expect
      .poll(
        () => {
          token = newestBookingLink('nhanh.tay@example.com');
          return token && !winner.url().endsWith(token) ? token : null;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const desk = await browser.newPage({ viewport: DESKTOP });
    await desk.goto(`${server.url}/lich-hen/${token}`);
    await desk.getByTestId('booking-when').getByText(`${laterFree}, `, { exact: false }).waitFor();
    await expectNoAxeViolations(desk, 'the booking page at 1366 px');
    await desk.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Hủy lịch hẹn này?' });
    await confirm.getByLabel('Lý do (không bắt buộc)').fill('Bận đột xuất');
    await confirm.getByRole('button', { name: 'Hủy lịch hẹn' }).click();
    await desk.getByTestId('booking-status').getByText('Đã hủy').waitFor();
    await desk.getByText('Lịch hẹn đã được hủy', { exact: true }).waitFor();
    // The page itself, once the toast (the app's shared notice) has gone.
    // Every toast, not only the first: one fading out is drawn half transparent and fails the contrast rule.
    await expect.poll(() => desk.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    await expectNoAxeViolations(desk, 'a cancelled booking at 1366 px');
  });
});
