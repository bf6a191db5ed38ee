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
