import { buildUrl } from './api-client';
import { getToken } from './token';

export type ExportFormat = 'xlsx' | 'csv';

/** The file name the server chose (Content-Disposition), or a fallback. */
function fileName(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/**
 * Downloads GET exports/{path}.{format} with the bearer token (a plain link cannot send it): the answer
 * becomes a blob the browser saves under the server's file name.
 */
export async function downloadExport(
  path: string,
  format: ExportFormat,
  query: Record<string, string | number | boolean | null | undefined> = {},
): Promise<void> {
  const url = buildUrl(`exports/${path}.${format}`, query);
  const headers: Record<string, string> = {};
  const jwt = getToken();
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(url, { headers, credentials: 'same-origin' });
  if (!res.ok) {
    let message = 'Không xuất được dữ liệu, vui lòng thử lại!';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the general message
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(res.headers.get('content-disposition'), `${path.replace(/\//g, '-')}.${format}`);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
