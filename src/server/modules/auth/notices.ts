import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Mailer } from '../../platform/mailer';

/** What a security notice tells the account's owner about. */
export type ChangeKind = 'email' | 'password' | 'reset';

export interface ReportClaims {
  userId: number;
  kind: ChangeKind;
  /** For an e-mail change: the address to restore when the owner reports it. */
  oldEmail?: string;
  newEmail?: string;
}

const REPORT_TTL = '14d';
const AUDIENCE = 'report-change';

/** Splits a code in two groups of five digits, as the mail shows it. */
export const showCode = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;

/**
 * Mails that tell an account's owner, at the address they had before, that its e-mail or password
 * changed, with a link to report a change they did not make (docs/security.md). The link's token is
 * signed with a key of its own, derived from the JWT secret, so it never passes for a session token.
 */
export class SecurityNotices {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly publicUrl: string,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.key = createHmac('sha256', secret).update('report-change').digest();
  }

  async reportToken(claims: ReportClaims): Promise<string> {
    return new SignJWT({ kind: claims.kind, oldEmail: claims.oldEmail, newEmail: claims.newEmail })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(REPORT_TTL)
      .sign(this.key);
  }

  async readReportToken(token: string): Promise<ReportClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      const userId = Number(payload.sub);
      const kind = payload.kind as ChangeKind;
      if (!Number.isInteger(userId) || !['email', 'password', 'reset'].includes(kind)) return null;
      return {
        userId,
        kind,
        oldEmail: typeof payload.oldEmail === 'string' ? payload.oldEmail : undefined,
        newEmail: typeof payload.newEmail === 'string' ? payload.newEmail : undefined,
      };
    } catch {
      return null;
    }
  }

  /** Sends after the answer: a mail server that is slow or down never fails the change itself. */
  send(to: string, subject: string, text: string) {
    this.mailer.send({ to, subject, text }).catch((err) => this.log.error({ err, subject }, 'mail failed'));
  }

  /** Tells `to` (the address before the change) what changed, with the report link. */
  async notify(
    to: string | null | undefined,
    who: { userId: number; fullName: string; username: string },
    change: { kind: ChangeKind; by?: string | null; oldEmail?: string | null; newEmail?: string | null },
  ) {
    if (!to) return;
    const token = await this.reportToken({
      userId: who.userId,
      kind: change.kind,
      oldEmail: change.oldEmail ?? undefined,
      newEmail: change.newEmail ?? undefined,
    });
    const what =
      change.kind === 'email'
        ? `Email của tài khoản ${who.username} vừa được đổi từ ${change.oldEmail} sang ${change.newEmail}.`
        : change.kind === 'password'
          ? `Mật khẩu của tài khoản ${who.username} vừa được đổi.`
          : `Mật khẩu của tài khoản ${who.username} vừa được đặt lại bằng mã xác nhận.`;
    const subject =
      change.kind === 'email'
        ? 'Email tài khoản của bạn đã được đổi'
        : 'Mật khẩu tài khoản của bạn đã được đổi';
    this.send(
      to,
      subject,
      `Xin chào ${who.fullName},\n\n${what}\n` +
        (change.by ? `Người thực hiện: ${change.by}.\n` : '') +
        '\nNếu chính bạn thực hiện, bạn không cần làm gì thêm.\n\n' +
        'Nếu KHÔNG phải bạn, hãy báo ngay tại liên kết dưới đây: mọi phiên đăng nhập của tài khoản sẽ bị ' +
        'đăng xuất' +
        (change.kind === 'email' ? ', email cũ được khôi phục' : '') +
        ' và quản trị viên được báo. Sau đó hãy đặt lại mật khẩu.\n' +
        `${this.publicUrl}/reset-password#report=${token}\n\n` +
        'Liên kết có hiệu lực 14 ngày.',
    );
  }
}
