import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type Actor, anonymousActor, personActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, tooMany } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { assertAcceptablePassword } from '../../platform/passwords/policy';
import { addressKey, type CounterStore } from '../../platform/rate-limit';
import {
  EMAIL_NOT_CONFIRMED,
  managerMayMail,
  ownerRequestMayMail,
  type UsersService,
} from '../users/service';
import { type SecurityNotices, showCode } from './notices';
import type { SignInThrottle } from './sign-in-throttle';

/** A code the owner asked for lives 15 minutes; one a manager had sent (new account, reset) 72 hours. */
export const RESET_CODE_TTL_MS = 15 * 60_000;
export const SETUP_CODE_TTL_MS = 72 * 3_600_000;
export const CODE_DIGITS = 10;

export const RESET_SENT = 'Nếu tài khoản tồn tại, mã xác nhận đã được gửi đến email của tài khoản';
export const RESET_INVALID = 'Mã xác nhận không đúng hoặc đã hết hạn';
export const RESET_TOO_MANY = 'Bạn đã yêu cầu quá nhiều lần, vui lòng thử lại sau ít phút';
export const CONFIRM_TOO_MANY = 'Nhập sai mã xác nhận quá nhiều lần, vui lòng thử lại sau 15 phút';

/**
 * Limits on the reset path, counted per (username, address) and per address: whoever asks for codes
 * or guesses them from elsewhere never stops the owner from asking and confirming from their own
 * address. Mails per account are capped (3 per 15 minutes) but earlier codes stay valid, so the owner
 * always holds a live code when the cap is reached; wrong guesses never void anyone's code. A code has
 * ten digits, so guesses spread over many addresses still have no real chance.
 */
const LIMITS = {
  requestPair: { limit: 3, windowMs: 15 * 60_000 },
  requestAddress: { limit: 10, windowMs: 60 * 60_000 },
  mailsPerAccount: { limit: 3, windowMs: 15 * 60_000 },
  confirmPair: { limit: 5, windowMs: 15 * 60_000 },
  confirmAddress: { limit: 30, windowMs: 15 * 60_000 },
};

type Purpose = 'reset' | 'invite' | 'manager-reset';

export class PasswordSetup {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly users: UsersService,
    private readonly counters: CounterStore,
    private readonly throttle: SignInThrottle,
    private readonly notices: SecurityNotices,
    private readonly log: FastifyBaseLogger,
  ) {}

  private hashCode(userId: number, code: string) {
    return createHmac('sha256', this.config.jwtSecret).update(`${userId}:${code}`).digest('hex');
  }

  private async over(key: string, rule: { limit: number; windowMs: number }) {
    const counter = await this.counters.increment(key, rule.windowMs);
    return counter.count > rule.limit;
  }

  /** Stores a new code (earlier ones stay valid until they expire or one is used) and mails it. */
  private async issue(
    user: { id: number; username: string; fullName: string; email: string },
    purpose: Purpose,
    actor: Actor,
  ) {
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    const ttl = purpose === 'reset' ? RESET_CODE_TTL_MS : SETUP_CODE_TTL_MS;
    await this.db.transaction(async (tx) => {
      await this.users.resetCodes.store(tx, {
        userId: user.id,
        codeHash: this.hashCode(user.id, code),
        purpose: purpose === 'invite' ? 'invite' : 'reset',
        sentTo: user.email,
        expiresAt: new Date(this.counters.now().getTime() + ttl),
      });
      await writeAudit(tx, actor, {
        action: purpose === 'invite' ? 'invite' : purpose === 'reset' ? 'reset-request' : 'reset-sent',
        entity: 'user',
        entityId: user.id,
      });
    });
    // The code travels in the link's fragment, which browsers never send to a server or in a Referer.
    const link = `${this.config.publicUrl}/reset-password#username=${encodeURIComponent(user.username)}&code=${code}`;
    const valid = purpose === 'reset' ? '15 phút' : '72 giờ';
    const intro =
      purpose === 'invite'
        ? `${actor.username ?? 'Quản trị viên'} vừa tạo tài khoản nhân viên cho bạn.\nTên đăng nhập: ${user.username}\n` +
          'Hãy tự đặt mật khẩu cho tài khoản: không ai khác biết hay đặt được mật khẩu của bạn.\n'
        : purpose === 'manager-reset'
          ? `${actor.username ?? 'Quản trị viên'} vừa gửi cho bạn yêu cầu đặt lại mật khẩu (tên đăng nhập: ${user.username}).\n`
          : `Bạn (hoặc ai đó) vừa yêu cầu đặt lại mật khẩu cho tài khoản ${user.username}.\n`;
    this.notices.send(
      user.email,
      purpose === 'invite' ? 'Đặt mật khẩu cho tài khoản nhân viên của bạn' : 'Mã xác nhận đặt lại mật khẩu',
      `Xin chào ${user.fullName},\n\n${intro}\n` +
        `Mã xác nhận: ${showCode(code)}\n` +
        `Mã có hiệu lực trong ${valid} và chỉ dùng được một lần.\n\n` +
        `Đặt mật khẩu tại: ${link}\n\n` +
        (purpose === 'reset'
          ? 'Nếu bạn không yêu cầu, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.'
          : ''),
    );
  }

  /** Step 1 of the reset screen: always the same answer, whether or not the user exists. */
  async requestReset(username: string, ip: string): Promise<string> {
    const name = username.trim().toLowerCase();
    const client = addressKey(ip);
    if (
      (await this.over(`reset-ip:${client}`, LIMITS.requestAddress)) ||
      (await this.over(`reset:${name}|${client}`, LIMITS.requestPair))
    )
      throw tooMany(RESET_TOO_MANY);
    const user = await this.users.findByUsername(name);
    if (!user?.active || !user.email) {
      this.log.info(
        { username: name },
        'password reset requested for an unknown, inactive or mail-less account',
      );
      return RESET_SENT;
    }
    // An address someone else set less than a day ago gets nothing: the owner has not seen the notice yet.
    if (!ownerRequestMayMail(user, this.counters.now())) {
      this.log.warn(
        { username: name },
        'password reset not mailed: the address was set by someone else today',
      );
      return RESET_SENT;
    }
    if (await this.over(`reset-mail:${user.id}`, LIMITS.mailsPerAccount)) {
      this.log.info({ username: name }, 'password reset mail cap reached: earlier codes stay valid');
      return RESET_SENT;
    }
    await this.issue({ ...user, email: user.email }, 'reset', anonymousActor(ip));
    return RESET_SENT;
  }

  /**
   * A new account's owner chooses their own password from the code mailed to them. The one code that
   * goes to an address nobody has confirmed: the account has no owner yet, and whoever uses the code
   * becomes it (and confirms the address).
   */
  async sendInvitation(userId: number, actor: Actor) {
    const user = await this.users.findRow(this.db, userId);
    if (user?.email) await this.issue({ ...user, email: user.email }, 'invite', actor);
  }

  /**
   * A manager's "reset password": the owner gets a code to choose a new one; nothing else changes. Only
   * to an address the owner confirmed (409 otherwise): whoever manages the account never chooses where
   * its codes go.
   */
  async sendManagerReset(userId: number, actor: Actor): Promise<string | null> {
    const user = await this.users.findRow(this.db, userId);
    if (!user?.email) return null;
    if (!managerMayMail(user, this.counters.now())) throw conflict(EMAIL_NOT_CONFIRMED);
    await this.issue({ ...user, email: user.email }, 'manager-reset', actor);
    return user.email;
  }

  /**
   * Step 2: a valid code sets the new password. An unknown username, an inactive account, a wrong code
   * and a right one cost the same work (a password hash, the lookups, the code comparison), so the
   * answer's timing tells nothing about which usernames exist.
   */
  async confirm(username: string, code: string, newPassword: string, ip: string): Promise<string> {
    const name = username.trim().toLowerCase();
    const client = addressKey(ip);
    const pairKey = `confirm:${name}|${client}`;
    const clientKey = `confirm-ip:${client}`;
    for (const [key, rule] of [
      [clientKey, LIMITS.confirmAddress],
      [pairKey, LIMITS.confirmPair],
    ] as const) {
      const counter = await this.counters.peek(key);
      if (counter && counter.count >= rule.limit) throw tooMany(CONFIRM_TOO_MANY, 15 * 60);
    }
    assertAcceptablePassword(newPassword);
    const hashed = await hashPassword(newPassword);
    const found = await this.users.findByUsername(name);
    const user = found?.active ? found : undefined;
    const id = user?.id ?? 0;
    const given = Buffer.from(this.hashCode(id, code.replace(/\s+/g, '')));
    const now = this.counters.now();
    const used = await this.db.transaction(async (tx) => {
      const live = await this.users.resetCodes.liveForUpdate(tx, id, now);
      let match: { purpose: string; sentTo: string | null } | null = null;
      // Every live code is compared (and one dummy when there is none), whatever matched before.
      const dummy = { codeHash: '0'.repeat(64), purpose: 'reset', sentTo: null };
      for (const entry of live.length ? live : [dummy]) {
        const expected = Buffer.from(entry.codeHash);
        if (expected.length === given.length && timingSafeEqual(expected, given)) match = entry;
      }
      // A code is good only while the account still has the address it was mailed to: one mailed to
      // an address since replaced (or put back by the owner's report) opens nothing.
      if (!user || !match?.sentTo || match.sentTo.toLowerCase() !== (user.email ?? '').toLowerCase())
        return null;
      const address = match.sentTo;
      // One code used voids every other: the new password is set once.
      await this.users.resetCodes.spendAll(tx, id, now);
      await this.users.setPassword(tx, id, hashed);
      await this.users.revokeSessions(tx, id);
      // The owner read the code in that mailbox: the address is theirs.
      await this.users.confirmEmail(tx, id, address);
      await writeAudit(tx, personActor(user, ip), { action: 'reset-password', entity: 'user', entityId: id });
      return match;
    });
    if (!used || !user) {
      await this.counters.increment(pairKey, LIMITS.confirmPair.windowMs);
      await this.counters.increment(clientKey, LIMITS.confirmAddress.windowMs);
      throw badRequest(RESET_INVALID);
    }
    await this.throttle.forgive(user.username);
    await this.counters.remove(pairKey);
    // A first password (an invitation) is no change to report; a reset is told to the account's address.
    if (used.purpose !== 'invite')
      await this.notices.notify(user.email, { ...user, userId: user.id }, { kind: 'reset' });
    return 'Mật khẩu đã được thay đổi thành công';
  }
}
