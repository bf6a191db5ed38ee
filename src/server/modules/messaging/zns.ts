/**
 * The ZNS wire format: `POST {ZALO_ZNS_URL}/message/template`, header `access_token`, body
 * `{phone: "84…", template_id, template_data, tracking_id}`, answer `{error, message, data}` (error 0:
 * sent, data.msg_id). And what each of Zalo's error codes means for the message: try again, renew the
 * token, or give up with the reason.
 */

export interface ZnsRequest {
  phone: string;
  template_id: string;
  template_data: Record<string, string | number>;
  tracking_id: string;
}

export interface ZnsAnswer {
  error: number;
  message: string;
  data?: { msg_id?: string; sent_time?: string; quota?: { dailyQuota?: string; remainingQuota?: string } };
}

/** What to do with a ZNS error. */
export type ZnsVerdict =
  | { kind: 'sent' }
  | { kind: 'token' }
  | { kind: 'retry'; reason: string }
  | { kind: 'give-up'; reason: string; optOut?: boolean };

/** The access token is not valid (expired or revoked): renew it and send again. */
export const ZNS_TOKEN_INVALID = -124;

/**
 * Errors that will not pass by trying again, with what staff read. Codes as Zalo's ZNS error table
 * lists them (docs/customers.md keeps the table).
 */
const GIVE_UP: Record<number, { reason: string; optOut?: boolean }> = {
  [-108]: { reason: 'Số điện thoại không hợp lệ' },
  [-109]: { reason: 'Mã mẫu ZNS không hợp lệ' },
  [-111]: { reason: 'Mẫu ZNS không có nội dung' },
  [-112]: { reason: 'Dữ liệu mẫu ZNS không hợp lệ' },
  [-115]: { reason: 'Tài khoản ZNS đã hết hạn mức (số dư) để gửi tin' },
  [-117]: { reason: 'OA chưa được cấp quyền dùng mẫu ZNS này' },
  [-118]: { reason: 'Số điện thoại chưa có tài khoản Zalo hoặc tài khoản đã bị khóa' },
  [-119]: { reason: 'Tài khoản Zalo của khách không nhận được tin ZNS' },
  [-131]: { reason: 'Mẫu ZNS chưa được duyệt hoặc đã bị từ chối' },
  [-139]: { reason: 'Khách đã từ chối nhận loại tin này', optOut: true },
  [-141]: { reason: 'Khách đã từ chối nhận tin từ Official Account', optOut: true },
  [-144]: { reason: 'OA đã dùng hết hạn mức gửi ZNS trong ngày' },
};

/** What an answer (or its absence) means for the message. */
export function verdictOf(answer: ZnsAnswer): ZnsVerdict {
  if (answer.error === 0) return { kind: 'sent' };
  if (answer.error === ZNS_TOKEN_INVALID) return { kind: 'token' };
  const known = GIVE_UP[answer.error];
  if (known) return { kind: 'give-up', ...known, reason: `${known.reason} (Zalo ${answer.error})` };
  // Zalo's internal errors (-100), sending outside the allowed hours (-133), rate limits: later may pass.
  return { kind: 'retry', reason: `Zalo trả lỗi ${answer.error}: ${answer.message}` };
}

/** A network error, a timeout or an answer that is not ZNS's JSON: worth another attempt. */
export class ZnsNetworkError extends Error {}

export async function postJson(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new ZnsNetworkError(`Không kết nối được tới Zalo: ${(err as Error).message}`);
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 500 || res.status === 429) throw new ZnsNetworkError(`Zalo trả HTTP ${res.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ZnsNetworkError(`Zalo trả nội dung không đọc được (HTTP ${res.status})`);
  }
}

/** One ZNS send with this access token. */
export async function sendTemplate(
  znsUrl: string,
  accessToken: string,
  request: ZnsRequest,
  timeoutMs: number,
): Promise<ZnsAnswer> {
  const answer = (await postJson(
    `${znsUrl}/message/template`,
    {
      headers: { 'content-type': 'application/json', access_token: accessToken },
      body: JSON.stringify(request),
    },
    timeoutMs,
  )) as Partial<ZnsAnswer>;
  if (typeof answer?.error !== 'number') throw new ZnsNetworkError('Zalo trả câu trả lời thiếu mã lỗi');
  return { error: answer.error, message: String(answer.message ?? ''), data: answer.data };
}
