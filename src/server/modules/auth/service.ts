import type { FastifyBaseLogger } from 'fastify';
import { CURRENT_PASSWORD_FOR_EMAIL, type MyInfo, WRONG_CURRENT_PASSWORD } from '../../../contract/auth';
import type { Permission, Role } from '../../../contract/permissions';
import { describeDevice, type SessionView } from '../../../contract/sessions';
import type { Db } from '../../db/client';
import type { CurrentUser } from '../../platform/access';
import { type Actor, personActor, type StaffActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { ApiError, badRequest, notFound, tooMany } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { assertAcceptablePassword } from '../../platform/passwords/policy';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { TokenSigner } from '../../platform/tokens';
import { emailConfirmed, type UsersService } from '../users/service';
import type { WebConfigService } from '../web-config/service';
import type { SecurityNotices } from './notices';
import type { SignInThrottle } from './sign-in-throttle';

export { RESET_INVALID, RESET_SENT } from './password-setup';

export const WRONG_CREDENTIALS = 'Tên đăng nhập hoặc mật khẩu không đúng';
export const ACCOUNT_DISABLED = 'Tài khoản đã bị vô hiệu hóa, vui lòng liên hệ quản trị viên';
export const REPORT_INVALID = 'Liên kết báo cáo không hợp lệ hoặc đã hết hạn';
export const REPORT_DONE =
  'Đã ghi nhận báo cáo: mọi phiên đăng nhập của tài khoản đã bị đăng xuất và quản trị viên đã được báo. Hãy đặt lại mật khẩu.';

/** How often a session's "last used" time is written: at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;
/** How long the idle timeout read from the settings is reused by this process. */
const IDLE_SETTING_TTL_MS = 30_000;

// A hash that runs when the username is unknown, so a wrong name costs as long as a wrong password.
const DUMMY_HASH = hashPassword('khong-co-tai-khoan-nay');

export interface ReportEvent {
  userId: number;
  username: string;
  kind: string;
}

/** Signing in and out, the signed-in user's sessions, and the changes they make to their own account. */
export class AuthService {
  /** Wrong current passwords per session: a stolen token cannot be used to guess the password behind it. */
  readonly wrongCurrentPassword: RateLimiter;
  private readonly reportLimiter: RateLimiter;
  private idle: { hours: number; readAt: number } | null = null;
  private reportListeners: ((e: ReportEvent) => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly tokens: TokenSigner,
    private readonly users: UsersService,
    private readonly webConfig: WebConfigService,
    private readonly throttle: SignInThrottle,
    private readonly notices: SecurityNotices,
    private readonly clock: Clock,
    counters: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {
    this.wrongCurrentPassword = new RateLimiter(counters, 'current-password', 10, 15 * 60_000);
    this.reportLimiter = new RateLimiter(counters, 'report', 10, 60 * 60_000);
  }

  async login(username: string, password: string, ip: string, userAgent?: string): Promise<string> {
    const name = username.trim().toLowerCase();
    await this.throttle.check(name, ip);
    const user = await this.users.findByUsername(name);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, password);
    else await verifyPassword(await DUMMY_HASH, password);
    if (!user || !ok) {
      await this.throttle.failed(name, ip, user?.id ?? null);
      throw new ApiError(401, WRONG_CREDENTIALS);
    }
    if (!user.active) throw new ApiError(403, ACCOUNT_DISABLED);
    await this.throttle.succeeded(name, ip);
    const token = await this.tokens.sign(user.id);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      await this.users.sessions.create(tx, {
        id: token.sessionId,
        userId: user.id,
        expiresAt: token.expiresAt,
        createdAt: now,
        lastUsedAt: now,
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      await writeAudit(tx, personActor(user, ip), { action: 'login', entity: 'session', entityId: user.id });
    });
    return token.jwt;
  }

  private async idleMs(): Promise<number> {
    const now = this.clock.now().getTime();
    if (!this.idle || now - this.idle.readAt > IDLE_SETTING_TTL_MS) {
      this.idle = { hours: (await this.webConfig.get()).sessionIdleHours, readAt: now };
    }
    return this.idle.hours * 3_600_000;
  }

  /** Forgets the cached idle timeout (the settings changed through this process). */
  settingsChanged() {
    this.idle = null;
  }

  /**
   * The signed-in user behind a bearer token, or null when the token is invalid, revoked, expired, idle
   * longer than the settings allow, or its user inactive. A use is written at most once a minute, unless
   * `use` is false: the notification socket's own checks (every 30 s, before each delivery) are the
   * server's, not the person's, and must not keep an open tab from idling out.
   */
  async resolve(jwt: string, ip?: string, opts: { use?: boolean } = {}): Promise<CurrentUser | null> {
    const claims = await this.tokens.verify(jwt);
    if (!claims) return null;
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - (await this.idleMs()));
    const row = await this.users.sessions.live(claims, now, idleSince);
    if (!row) return null;
    if (
      opts.use !== false &&
      (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS || (ip && ip !== row.ip))
    ) {
      await this.users.sessions.touch(claims.sessionId, now, ip);
    }
    const perms = (await this.users.permissionsOf(this.db, [row.user.id])).get(row.user.id) ?? [];
    return {
      id: row.user.id,
      username: row.user.username,
      name: row.user.fullName,
      role: row.user.role,
      permissions: perms,
      sessionId: claims.sessionId,
    };
  }

  async myInfo(current: CurrentUser): Promise<MyInfo> {
    const row = await this.users.findRow(this.db, current.id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    return {
      userId: row.id,
      name: row.fullName,
      username: row.username,
      role: row.role as Role,
      permissions: current.permissions as Permission[],
      email: row.email,
      emailConfirmed: emailConfirmed(row),
      phone: row.phone,
    };
  }

  async logout(actor: StaffActor) {
    await this.db.transaction(async (tx) => {
      await this.users.sessions.end(tx, actor.sessionId, actor.userId, this.clock.now());
      await writeAudit(tx, actor, { action: 'logout', entity: 'session', entityId: actor.userId });
    });
  }

  /** The caller's live sessions (not revoked, not expired, not idle), most recently used first. */
  async listSessions(actor: StaffActor): Promise<SessionView[]> {
    const now = this.clock.now();
    const idleSince = new Date(now.getTime() - (await this.idleMs()));
    const rows = await this.users.sessions.listLive(actor.userId, now, idleSince);
    return rows.map((s) => ({
      sessionId: s.id,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      current: s.id === actor.sessionId,
    }));
  }

  /** Ends one of the caller's own sessions (another user's, or an unknown one, is not found). */
  async endSession(actor: StaffActor, sessionId: string) {
    await this.db.transaction(async (tx) => {
      const ended = await this.users.sessions.end(tx, sessionId, actor.userId, this.clock.now());
      if (!ended) throw notFound('Không tìm thấy phiên đăng nhập');
      await writeAudit(tx, actor, { action: 'end-session', entity: 'session', entityId: actor.userId });
    });
  }

  /**
   * For another module's sensitive change (the deposit account, the webhook key): the caller's current
   * password, 400 with `missing` when none is given, wrong ones counted per session like the profile's.
   */
  async confirmPassword(actor: StaffActor, given: string | undefined, missing: string) {
    if (!given) throw badRequest(missing, { currentPassword: missing });
    const row = await this.users.findRow(this.db, actor.userId);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    await this.assertCurrentPassword(actor, row.passwordHash, given);
  }

  /** Checks the caller's current password, counting wrong ones per session. */
  private async assertCurrentPassword(actor: StaffActor, passwordHash: string, given: string) {
    if (await this.wrongCurrentPassword.blocked(actor.sessionId)) {
      throw tooMany('Nhập sai mật khẩu hiện tại quá nhiều lần, vui lòng thử lại sau 15 phút');
    }
    if (!(await verifyPassword(passwordHash, given))) {
      await this.wrongCurrentPassword.hit(actor.sessionId);
      throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
    }
    await this.wrongCurrentPassword.reset(actor.sessionId);
  }

  async changePassword(actor: StaffActor, oldPassword: string, newPassword: string) {
    const row = await this.users.findRow(this.db, actor.userId);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    await this.assertCurrentPassword(actor, row.passwordHash, oldPassword);
    if (oldPassword === newPassword) throw badRequest('Mật khẩu mới phải khác mật khẩu hiện tại');
    assertAcceptablePassword(newPassword);
    const hashed = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await this.users.setPassword(tx, actor.userId, hashed);
      await this.users.revokeSessions(tx, actor.userId, actor.sessionId);
      await writeAudit(tx, actor, { action: 'change-password', entity: 'user', entityId: actor.userId });
    });
    await this.notices.notify(row.email, { ...row, userId: row.id }, { kind: 'password' });
  }

  /**
   * The caller's own e-mail and phone. A new e-mail needs the current password and is told to the old
   * one; the current password given with the address unchanged confirms an address someone else set.
   */
  async changeInfo(actor: StaffActor, email: string, phone: string, currentPassword?: string) {
    const row = await this.users.findRow(this.db, actor.userId);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    const emailChanged = (row.email ?? '').toLowerCase() !== email;
    const confirming = !emailChanged && !!currentPassword && !emailConfirmed(row);
    if (emailChanged && !currentPassword)
      throw badRequest(CURRENT_PASSWORD_FOR_EMAIL, { currentPassword: CURRENT_PASSWORD_FOR_EMAIL });
    if (emailChanged || confirming)
      await this.assertCurrentPassword(actor, row.passwordHash, currentPassword ?? '');
    await this.users.updateContact(actor, email, phone, emailChanged || confirming);
    if (emailChanged) {
      await this.notices.notify(
        row.email,
        { ...row, userId: row.id },
        { kind: 'email', oldEmail: row.email, newEmail: email },
      );
    }
  }

  onReport(listener: (e: ReportEvent) => Promise<void>) {
    this.reportListeners.push(listener);
  }

  /**
   * The owner's "this was not me" from a security notice: every session of the account ends, an e-mail
   * change is undone (while the address is still the one the notice named), and the admins are told.
   */
  async reportChange(token: string, ip: string): Promise<string> {
    if (!(await this.reportLimiter.hit(ip))) throw tooMany();
    const claims = await this.notices.readReportToken(token);
    if (!claims) throw badRequest(REPORT_INVALID);
    const row = await this.users.findRow(this.db, claims.userId);
    if (!row) throw badRequest(REPORT_INVALID);
    const restore =
      claims.kind === 'email' && claims.oldEmail && claims.newEmail && row.email === claims.newEmail;
    const actor: Actor = personActor(row, ip);
    await this.db.transaction(async (tx) => {
      await this.users.revokeSessions(tx, row.id);
      if (restore) await this.users.restoreEmail(tx, row.id, claims.oldEmail!);
      await writeAudit(tx, actor, {
        action: 'report-change',
        entity: 'user',
        entityId: row.id,
        before: restore ? { email: row.email } : undefined,
        after: { reported: claims.kind, ...(restore ? { email: claims.oldEmail } : {}) },
      });
    });
    this.log.warn({ userId: row.id, kind: claims.kind }, 'account change reported by its owner');
    // Whoever reads the old mailbox can use its link: the address it replaced hears of it too.
    if (restore)
      this.notices.send(
        claims.newEmail!,
        'Email tài khoản của bạn đã được khôi phục',
        `Xin chào ${row.fullName},\n\nEmail của tài khoản ${row.username} vừa được đặt lại về ${claims.oldEmail} ` +
          'qua liên kết báo cáo gửi đến địa chỉ đó; mọi phiên đăng nhập đã bị đăng xuất và quản trị viên đã được báo.\n\n' +
          'Nếu bạn là chủ tài khoản và không biết việc này, hãy liên hệ ngay quản trị viên.',
      );
    for (const listener of this.reportListeners) {
      await listener({ userId: row.id, username: row.username, kind: claims.kind }).catch((err) =>
        this.log.error({ err }, 'report listener failed'),
      );
    }
    return REPORT_DONE;
  }
}
