import type { Page } from 'playwright-core';

/** Signs in through the /login form and waits for the dashboard's top bar. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Tên đăng nhập').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole('button', { name: /^Tài khoản:/ }).waitFor();
}

/**
 * Resolves once the server has confirmed the page's STOMP subscription (its RECEIPT): from then on
 * every notification is pushed. The SUBSCRIBE leaving the browser is not enough: under load the server
 * may read it after a lead posted by the test.
 */
export function subscriptionConfirmed(page: Page, onPath?: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      // Each page load opens a socket of its own: with `onPath`, only a socket of that page counts (the
      // one of the page before, say the overview after signing in, may be gone when the lead is posted).
      if (onPath && !new URL(page.url()).pathname.startsWith(onPath)) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('RECEIPT')) resolve();
      });
    });
  });
}
