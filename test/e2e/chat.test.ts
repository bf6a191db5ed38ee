import type { Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_GREETING,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_RESET_TOOLTIP,
  type ChatCarInfo,
  carAdviceMessage,
} from '../../src/contract/chat';
import { type apiClient, journeyFixture, PHONE, type RunningBrowser, type RunningServer } from './helpers';

/**
 * The AI advisor in the browser (issue 6): the widget on a phone, the car hand-off from a car page, a server
 * error in the list, and the /chatbot page sharing the conversation. Every answer comes from the real server
 * (the offline advisor over the demo stock); one request is held back, and then passed on, to see the typing
 * indicator.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;

interface CarSummary extends ChatCarInfo {
  carId: number;
  status?: string;
}

beforeAll(() => {
  ({ server, browser, api } = journey);
});

const phonePage = () => browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });

function chat(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Chat với Trợ lý AI' });
  const log = panel.getByRole('log', { name: 'Cuộc trò chuyện' });
  return {
    toggle: page.getByRole('button', { name: 'Mở Chat với Trợ lý AI' }),
    panel,
    log,
    entries: log.locator(':scope > ol > li'),
    input: panel.getByPlaceholder('Nhập câu hỏi của bạn về xe, tư vấn, giá bán...'),
    send: panel.locator('form button[type="submit"]'),
    typing: panel.getByTestId('chat-typing'),
    reset: panel.getByRole('button', { name: CHAT_RESET_TOOLTIP }),
    close: panel.getByRole('button', { name: 'Đóng', exact: true }),
  };
}

/** Opens the panel (its code loads on the first open) and waits for the conversation to show. */
async function openChat(scope: ReturnType<typeof chat>) {
  await scope.toggle.click();
  await scope.entries.first().waitFor();
}

/** Waits until the list holds `count` entries and nothing is pending; returns the texts. */
async function settle(scope: ReturnType<typeof chat>, count: number): Promise<string[]> {
  await scope.entries.nth(count - 1).waitFor();
  await scope.typing.waitFor({ state: 'detached' });
  expect(await scope.entries.count()).toBe(count);
  return bubbleTexts(scope.entries);
}

/** Each entry's text without the car cards under it (they load on their own, after the answer). */
function bubbleTexts(entries: Locator): Promise<string[]> {
  return entries.evaluateAll((els) =>
    els.map((el) => {
      const text = (el as HTMLElement).innerText;
      const cards = el.querySelector<HTMLElement>('[data-testid="chat-cars"]');
      return cards ? text.replace(cards.innerText, '').trimEnd() : text;
    }),
  );
}

const chatRequest = (r: Request) => r.url().endsWith('/api/chatbot/history') && r.method() === 'POST';

async function availableCar(): Promise<CarSummary> {
  const res = await api.call('GET', 'cars', { query: { pageSize: 12 } });
  expect(res.status).toBe(200);
  const list = (res.json as { content: CarSummary[] }).content;
  const car = list.find((c) => !c.status || c.status === 'available');
  if (!car) throw new Error('the demo stock has no car on sale');
  return car;
}

describe('chat widget on a phone', () => {
  it('opens with the greeting, refuses blank input, sends on Enter, links to a car, keeps and resets the conversation', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/`);
    const c = chat(page);

    // The cluster: Messenger and Zalo from the web configuration, the AI toggle, all in the first screen.
    const messenger = page.getByRole('link', { name: 'Nhắn tin qua Messenger' });
    const zalo = page.getByRole('link', { name: 'Nhắn tin qua Zalo' });
    expect(await messenger.getAttribute('href')).toBe('https://m.me/autoviet.showroom');
    expect(await zalo.getAttribute('href')).toBe('https://zalo.me/0909123456');
    await c.toggle.waitFor();
    for (const icon of [messenger, zalo, c.toggle]) {
      const box = await icon.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      expect(box!.width).toBeGreaterThanOrEqual(44);
    }

    // Open: the title, the greeting alone, the send button disabled while the box is blank.
    await openChat(c);
    expect(await c.panel.getByRole('heading', { name: 'Chat với Trợ lý AI' }).isVisible()).toBe(true);
    expect(await c.entries.allInnerTexts()).toEqual([CHAT_GREETING]);
    expect(await c.reset.getAttribute('title')).toBe(CHAT_RESET_TOOLTIP);
    expect(await c.send.textContent()).toBe('Gửi');
    expect(await c.send.isDisabled()).toBe(true);
    await c.input.fill('   \n  ');
    expect(await c.send.isDisabled()).toBe(true);
    await c.input.press('Enter');
    expect(await c.entries.count()).toBe(1);
    expect(await c.input.getAttribute('maxlength')).toBe(String(CHAT_LIMITS.maxMessageLength));

    // Shift+Enter breaks the line instead of sending.
    await c.input.fill('Showroom');
    await c.input.press('Shift+Enter');
    await c.input.pressSequentially('ở đâu?');
    expect(await c.input.inputValue()).toBe('Showroom\nở đâu?');
    expect(await c.entries.count()).toBe(1);

    // Enter sends. The request is held back for a moment to see the typing indicator and the '...' button,
    // then passed on to the real server.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/chatbot/history', async (route) => {
      await held;
      await route.continue();
    });
    const firstRequest = page.waitForRequest(chatRequest);
    await c.input.press('Enter');
    const sent = (await firstRequest).postDataJSON();
    expect(sent).toEqual([
      { role: 'model', content: CHAT_GREETING },
      { role: 'user', content: 'Showroom\nở đâu?' },
    ]);
    await c.typing.waitFor();
    expect(await c.send.textContent()).toBe('...');
    expect(await c.send.isDisabled()).toBe(true);
    expect(await c.input.inputValue()).toBe('');
    release();
    const afterFirst = await settle(c, 3);
    await page.unroute('**/api/chatbot/history');
    expect(afterFirst[1]).toBe('Showroom\nở đâu?');
    // The demo showroom's address, from the web configuration, in the answer.
    expect(afterFirst[2]).toContain('268 Nguyễn Văn Linh');
    expect(await c.send.textContent()).toBe('Gửi');

    // A search: the answer lists cars from the stock with links; the whole conversation is posted.
    await c.input.fill('Tìm SUV 7 chỗ dưới 1 tỷ');
    const secondRequest = page.waitForRequest(chatRequest);
    await c.input.press('Enter');
    const history = (await secondRequest).postDataJSON() as { role: string; content: string }[];
    expect(history.map((m) => m.role)).toEqual(['model', 'user', 'model', 'user']);
    expect(history[2].content).toBe(afterFirst[2]);
    expect(history[3].content).toBe('Tìm SUV 7 chỗ dưới 1 tỷ');
    await settle(c, 5);
    const answer = c.entries.nth(4);
    // The cars named come as compact cards (photo, name, price) under the answer, each linking to its page.
    const cards = answer.getByTestId('chat-cars').getByRole('link');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect(await cards.first().getAttribute('href')).toMatch(/^\/cars\/\d+$/);
    expect(await cards.first().innerText()).toMatch(/(triệu|tỷ)/);
    const texts = await bubbleTexts(c.entries);
    // Line breaks kept as they came.
    expect(texts[4].split('\n').length).toBeGreaterThan(2);
    expect(await answer.locator('p').evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-wrap');
    const carLink = answer.locator('a[href^="/cars/"]').first();
    const href = (await carLink.getAttribute('href')) as string;
    expect(href).toMatch(/^\/cars\/\d+$/);
    // The link reads as the car's name, not as a path.
    expect(await carLink.innerText()).not.toContain('/cars/');
    expect((await carLink.innerText()).length).toBeGreaterThan(3);
    // The answer is text, not markup: no element but links inside the bubble.
    expect(await answer.locator('p *:not(a)').count()).toBe(0);

    // The link is an in-app link: the car page opens without a reload, the panel steps aside on a phone.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await carLink.click();
    await page.waitForURL(`${server.url}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await c.panel.isVisible()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

    // The conversation survives the page change and a reload (the cards load again after it).
    await openChat(c);
    expect(await bubbleTexts(c.entries)).toEqual(texts);
    await page.reload();
    await openChat(c);
    expect(await bubbleTexts(c.entries)).toEqual(texts);

    // Reset: the greeting alone, ready for a new question.
    await c.reset.click();
    expect(await c.entries.allInnerTexts()).toEqual([CHAT_GREETING]);
    expect(await c.send.isDisabled()).toBe(true);
    await page.reload();
    await openChat(c);
    expect(await c.entries.allInnerTexts()).toEqual([CHAT_GREETING]);

    // Close, and Escape closes too.
    await c.close.click();
    await c.panel.waitFor({ state: 'hidden' });
    await c.toggle.click();
    await c.panel.waitFor();
    await page.keyboard.press('Escape');
    await c.panel.waitFor({ state: 'hidden' });
  });
});

describe('car hand-off', () => {
  it("'Tư vấn với AI' on a car page opens the panel and asks about that car", async () => {
    const car = await availableCar();
    const page = await phonePage();
    await page.goto(`${server.url}/cars/${car.carId}`);
    const c = chat(page);
    await page.getByRole('heading', { level: 1, name: car.carName }).waitFor();
    expect(await c.panel.isVisible()).toBe(false);

    const request = page.waitForRequest(chatRequest);
    await page.getByRole('button', { name: 'Tư vấn với AI' }).click();
    await c.panel.waitFor();
    const question = carAdviceMessage(car);
    // Name, brand, price in VND with dot thousands, odometer in km, year.
    expect(question).toContain(car.carName);
    expect(question).toContain(car.brand);
    expect(question).toMatch(/\d{1,3}(\.\d{3})+ VNĐ/);
    expect(question).toContain(' km');
    expect(question).toContain(String(car.year));
    expect((await request).postDataJSON()).toEqual([
      { role: 'model', content: CHAT_GREETING },
      { role: 'user', content: question },
    ]);
    const texts = await settle(c, 3);
    expect(texts[1]).toBe(question);
    // The server's answer is about this car (the offline advisor names it and links it).
    expect(texts[2]).toContain(car.carName);
    expect(await c.entries.nth(2).locator(`p a[href="/cars/${car.carId}"]`).count()).toBe(1);
    // The handed-over info is cleared.
    expect(await page.evaluate(() => sessionStorage.getItem('chat-car-handoff'))).toBeNull();
    await page.reload();
    await c.toggle.waitFor();
    expect(await c.panel.isVisible()).toBe(false);
    await openChat(c);
    expect(await c.entries.count()).toBe(3);
  });

  it('a hand-off stored before the page loads is sent when the widget mounts', async () => {
    const car = await availableCar();
    const page = await browser.newPage();
    await page.goto(`${server.url}/about`);
    // Written once this page's widget is up (it would take the car itself when mounting after the write).
    await chat(page).toggle.waitFor();
    await page.evaluate((info) => sessionStorage.setItem('chat-car-handoff', JSON.stringify(info)), {
      carName: car.carName,
      brand: car.brand,
      sellPrice: car.sellPrice,
      odo: car.odo,
      year: car.year,
    });
    await page.goto(`${server.url}/`);
    const c = chat(page);
    await c.panel.waitFor();
    const texts = await settle(c, 3);
    expect(texts[1]).toBe(carAdviceMessage(car));
    expect(await page.evaluate(() => sessionStorage.getItem('chat-car-handoff'))).toBeNull();
  });
});

describe('server errors', () => {
  it("shows the server's message after 'Lỗi: ' and clears the loading state", async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/`);
    // A long conversation from earlier in this tab: 11 long exchanges, more than the server accepts in total.
    const long = 'Xe gia đình 7 chỗ, máy dầu, số tự động, đời mới, ít hao xăng. '.repeat(30).slice(0, 1_900);
    const earlier = [{ role: 'model', content: CHAT_GREETING }];
    for (let i = 0; i < 11; i++)
      earlier.push({ role: 'user', content: long }, { role: 'model', content: 'Dạ.' });
    await page.evaluate((list) => sessionStorage.setItem('chat-conversation', JSON.stringify(list)), earlier);
    await page.reload();
    const c = chat(page);
    await openChat(c);
    await c.entries.nth(earlier.length - 1).waitFor();
    expect(await c.entries.count()).toBe(earlier.length);

    await c.input.fill('Còn xe nào rẻ hơn không?');
    const response = page.waitForResponse((r) => chatRequest(r.request()));
    await c.input.press('Enter');
    expect((await response).status()).toBe(400);
    const texts = await settle(c, earlier.length + 2);
    expect(texts[texts.length - 1]).toBe(`Lỗi: ${CHAT_MESSAGES.totalTooLong}`);
    // Loading is over: the button reads 'Gửi' again and works once there is text.
    expect(await c.send.textContent()).toBe('Gửi');
    await c.input.fill('Xin chào');
    expect(await c.send.isDisabled()).toBe(false);
    // A refusal of the conversation itself offers no retry; reset starts afresh.
    expect(await c.panel.getByRole('button', { name: 'Thử lại' }).count()).toBe(0);
    await c.reset.click();
    expect(await c.entries.allInnerTexts()).toEqual([CHAT_GREETING]);
  });
});

describe('/chatbot page', () => {
  it('shows the same conversation full size, with suggested questions', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/chatbot`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const card = page.getByRole('region', { name: 'Chat với Trợ lý AI' });
    const log = card.getByRole('log', { name: 'Cuộc trò chuyện' });
    const entries = log.locator(':scope > ol > li');
    expect(await entries.allInnerTexts()).toEqual([CHAT_GREETING]);
    // No floating toggle over the page that already is the chat; Messenger and Zalo stay.
    expect(await page.getByRole('button', { name: 'Mở Chat với Trợ lý AI' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Nhắn tin qua Zalo' }).first().isVisible()).toBe(true);

    for (const q of [
      'Tìm SUV 7 chỗ dưới 1 tỷ',
      'Xe gia đình tầm 600 triệu',
      'Showroom ở đâu?',
      'Trả góp xe 500 triệu mỗi tháng bao nhiêu?',
    ]) {
      expect(await card.getByRole('button', { name: q }).isVisible()).toBe(true);
    }
    await card.getByRole('button', { name: 'Xe gia đình tầm 600 triệu' }).click();
    await entries.nth(2).waitFor();
    await card.getByTestId('chat-typing').waitFor({ state: 'detached' });
    const texts = await bubbleTexts(entries);
    expect(texts[1]).toBe('Xe gia đình tầm 600 triệu');
    expect(texts[2].length).toBeGreaterThan(20);
    // The suggestions step aside once the conversation has begun.
    expect(await card.getByRole('button', { name: 'Showroom ở đâu?' }).count()).toBe(0);

    // The widget on another page holds the same conversation.
    await page.locator('header').getByRole('link', { name: 'Trang chủ', exact: true }).first().click();
    await page.waitForURL(`${server.url}/`);
    const c = chat(page);
    await openChat(c);
    expect(await bubbleTexts(c.entries)).toEqual(texts);
  });
});
