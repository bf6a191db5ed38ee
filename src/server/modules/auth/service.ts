import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { MyInfo } from '../../../contract/auth';
import type { Permission, Role } from '../../../contract/permissions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResetCodes, sessions, users } from '../../db/schema';
import type { CurrentUser } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { ApiError, badRequest, notFound, tooMany } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { hashPassword, verifyPassword } from '../../platform/password';
import { RateLimiter } from '../../platform/rate-limit';
import type { TokenSigner } from '../../platform/tokens';
import type { UsersService } from '../users/service';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_MAX_ATTEMPTS = 5;
const WINDOW = 15 * 60_000;

export const WRONG_CREDENTIALS = 'Tên đăng nhập hoặc mật khẩu không đúng';
export const ACCOUNT_DISABLED = 'Tài khoản đã bị vô hiệu hóa, vui lòng liên hệ quản trị viên';
export const RESET_SENT = 'Nếu tài khoản tồn tại, mã xác nhận đã được gửi đến email của tài khoản';
export const RESET_INVALID = 'Mã xác nhận không đúng hoặc đã hết hạn';

// A hash that runs when the username is unknown, so a wrong name costs as long as a wrong password.
const DUMMY_HASH = hashPassword('khong-co-tai-khoan-nay');

export class AuthService {
  readonly loginFailuresByIp = new RateLimiter(30, WINDOW);
  readonly loginFailuresByUser = new RateLimiter(5, WINDOW);
  readonly wrongOldPassword = new RateLimiter(10, WINDOW);
  readonly resetByIp = new RateLimiter(10, 60 * 60_000);
  readonly resetByUser = new RateLimiter(3, WINDOW);
  readonly confirmByIp = new RateLimiter(30, WINDOW);

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly tokens: TokenSigner,
    private readonly mailer: Mailer,
    private readonly users: UsersService,
  ) {}

  async login(username: string, password: string, req: FastifyRequest): Promise<string> {
    const name = username.trim().toLowerCase();
    // Failed attempts count, per address and per username; a success costs nothing, so an office
    // behind one address signs its whole staff in without hitting the limit.
    if (this.loginFailuresByIp.blocked(req.ip)) {
      throw tooMany('Quá nhiều lần đăng nhập sai từ địa chỉ này, vui lòng thử lại sau 15 phút');
    }
    if (this.loginFailuresByUser.blocked(name)) {
      throw tooMany('Tài khoản tạm khóa do đăng nhập sai nhiều lần, vui lòng thử lại sau 15 phút');
    }
    const user = await this.users.findByUsername(name);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, password);
    else await verifyPassword(await DUMMY_HASH, password);
    if (!user || !ok) {
      this.loginFailuresByIp.hit(req.ip);
      this.loginFailuresByUser.hit(name);
      throw new ApiError(401, WRONG_CREDENTIALS);
    }
    if (!user.active) throw new ApiError(403, ACCOUNT_DISABLED);
    this.loginFailuresByUser.reset(name);
    const token = await this.tokens.sign(user.id);
    await this.db.transaction(async (tx) => {
      await tx.insert(sessions).values({ id: token.sessionId, userId: user.id, expiresAt: token.expiresAt });
      await writeAudit(tx, req, {
        action: 'login',
        entity: 'session',
        entityId: user.id,
        actor: { id: user.id, username: user.username },
      });
    });
    return token.jwt;
  }

  /** The signed-in user behind a bearer token, or null when the token is invalid, revoked or its user inactive. */
  async resolve(jwt: string): Promise<CurrentUser | null> {
    const claims = await this.tokens.verify(jwt);
    if (!claims) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.active, true),
        ),
      );
    if (!row) return null;
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
      phone: row.phone,
    };
  }

  async logout(current: CurrentUser, req: FastifyRequest) {
    await this.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, current.sessionId));
      await writeAudit(tx, req, { action: 'logout', entity: 'session', entityId: current.id });
    });
  }

  async changePassword(current: CurrentUser, oldPassword: string, newPassword: string, req: FastifyRequest) {
    const row = await this.users.findRow(this.db, current.id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    // A stolen token must not become a way to guess the password behind it.
    if (this.wrongOldPassword.blocked(String(current.id))) {
      throw tooMany('Nhập sai mật khẩu hiện tại quá nhiều lần, vui lòng thử lại sau 15 phút');
    }
    if (!(await verifyPassword(row.passwordHash, oldPassword))) {
      this.wrongOldPassword.hit(String(current.id));
      throw badRequest('Mật khẩu hiện tại không đúng');
    }
    if (oldPassword === newPassword) throw badRequest('Mật khẩu mới phải khác mật khẩu hiện tại');
    this.wrongOldPassword.reset(String(current.id));
    const hashed = await hashPassword(newPassword);
    await this.db.transaction(async (tx) => {
      await this.users.setPassword(tx, current.id, hashed);
      await this.users.revokeSessions(tx, current.id, current.sessionId);
      await writeAudit(tx, req, { action: 'change-password', entity: 'user', entityId: current.id });
    });
  }

  private hashCode(userId: number, code: string) {
    return createHmac('sha256', this.config.jwtSecret).update(`${userId}:${code}`).digest('hex');
  }

  /** Always the same answer, whether or not the user exists (no account discovery). */
  async requestReset(username: string, req: FastifyRequest): Promise<string> {
    const name = username.trim().toLowerCase();
    if (!this.resetByIp.hit(req.ip) || !this.resetByUser.hit(name)) {
      throw tooMany('Bạn đã yêu cầu quá nhiều lần, vui lòng thử lại sau ít phút');
    }
    const user = await this.users.findByUsername(name);
    if (!user?.active || !user.email) {
      req.log.info(
        { username: name },
        'password reset requested for an unknown, inactive or mail-less account',
      );
      return RESET_SENT;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (tx) => {
      // A new code voids the earlier ones.
      await tx
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetCodes.userId, user.id), isNull(passwordResetCodes.usedAt)));
      await tx.insert(passwordResetCodes).values({
        userId: user.id,
        codeHash: this.hashCode(user.id, code),
        expiresAt: new Date(Date.now() + RESET_CODE_TTL_MS),
      });
      await writeAudit(tx, req, { action: 'reset-request', entity: 'user', entityId: user.id });
    });
    const email = user.email;
    this.mailer
      .send({
        to: email,
        subject: 'Mã xác nhận đặt lại mật khẩu',
        text:
          `Xin chào ${user.fullName},\n\n` +
          `Mã xác nhận đặt lại mật khẩu của bạn là: ${code}\n` +
          'Mã có hiệu lực trong 15 phút và chỉ dùng được một lần.\n\n' +
          `Đặt lại mật khẩu tại: ${this.config.publicUrl}/reset-password\n\n` +
          'Nếu bạn không yêu cầu, hãy bỏ qua email này.',
      })
      .catch((err) => req.log.error({ err }, 'password reset mail failed'));
    return RESET_SENT;
  }

  async confirmReset(
    username: string,
    code: string,
    newPassword: string,
    req: FastifyRequest,
  ): Promise<string> {
    if (!this.confirmByIp.hit(req.ip)) throw tooMany();
    const user = await this.users.findByUsername(username);
    if (!user?.active) throw badRequest(RESET_INVALID);
    const hashed = await hashPassword(newPassword);
    const outcome = await this.db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.userId, user.id),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(passwordResetCodes.createdAt))
        .limit(1)
        .for('update');
      if (!entry || entry.attempts >= RESET_MAX_ATTEMPTS) return 'invalid' as const;
      const expected = Buffer.from(entry.codeHash);
      const given = Buffer.from(this.hashCode(user.id, code.trim()));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const attempts = entry.attempts + 1;
        await tx
          .update(passwordResetCodes)
          .set({ attempts, ...(attempts >= RESET_MAX_ATTEMPTS ? { usedAt: new Date() } : {}) })
          .where(eq(passwordResetCodes.id, entry.id));
        return 'invalid' as const;
      }
      await tx
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(eq(passwordResetCodes.id, entry.id));
      await this.users.setPassword(tx, user.id, hashed);
      await this.users.revokeSessions(tx, user.id);
      await writeAudit(tx, req, {
        action: 'reset-password',
        entity: 'user',
        entityId: user.id,
        actor: { id: user.id, username: user.username },
      });
      return 'ok' as const;
    });
    if (outcome === 'invalid') throw badRequest(RESET_INVALID);
    this.loginFailuresByUser.reset(user.username);
    return 'Mật khẩu đã được thay đổi thành công';
  }
}
