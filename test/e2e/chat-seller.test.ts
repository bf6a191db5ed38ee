import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, journeyFixture, PHONE, type RunningBrowser, type RunningServer } from './helpers';

/**
 * A seller in the chat (/chatbot, the demo showroom with its imported market prices): the answer is a
 * valuation, not cars for sale, and its /sell-car link is an in-app link to the selling page.
 * SCREENSHOT_DIR=/some/dir keeps pictures of the answer at 360 and 1366 px.
 */

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;

beforeAll(() => {
  ({ server, browser } = journey);
});

const QUESTION = 'em muốn bán xe Kia Morning 2018 của em, đi 70.000 km, showroom mua lại bao nhiêu?';

describe('a seller in the chat', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`gets a reference price and a link to /sell-car (${name})`, async () => {
      const page = await browser.newPage({ viewport, ...(name === 'phone' ? { isMobile: true } : {}) });
      await page.goto(`${server.url}/chatbot`);
      const card = page.getByRole('region', { name: 'Chat với Trợ lý AI' });
      const entries = card.getByRole('log', { name: 'Cuộc trò chuyện' }).locator(':scope > ol > li');
      await entries.first().waitFor();
      await card.getByPlaceholder('Nhập câu hỏi của bạn về xe, tư vấn, giá bán...').fill(QUESTION);
      await card.getByPlaceholder('Nhập câu hỏi của bạn về xe, tư vấn, giá bán...').press('Enter');
      await entries.nth(2).waitFor();
      await card.getByTestId('chat-typing').waitFor({ state: 'detached' });
      const answer = entries.nth(2);
      const text = (await answer.textContent()) ?? '';
      expect(text).toContain('giá tham khảo từ');
      expect(text).toContain('Kia Morning đời 2018, đã đi 70.000 km');
      // No cars for sale in a seller's answer.
      expect(await answer.locator('a[href^="/cars/"]').count()).toBe(0);
      // The person's button under an answer that offers one.
      expect(await card.getByRole('button', { name: 'Gặp nhân viên tư vấn' }).count()).toBeGreaterThan(0);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/chat-seller-${name}.png`,
          fullPage: false,
        });

      const sell = answer.getByRole('link', { name: '/sell-car' });
      expect(await sell.getAttribute('href')).toBe('/sell-car');
      await sell.click();
      await page.waitForURL(`${server.url}/sell-car`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.close();
    });
  }
});
