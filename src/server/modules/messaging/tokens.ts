import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZaloConfig } from '../../config-zalo';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { zaloTokens } from './schema';
import { postJson, ZnsNetworkError } from './zns';

/** Renewed this long before the access token would expire, so a send never meets an expired one. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The renewal failed for a reason trying again will not fix (a revoked or used refresh token). */
export class ZaloAuthError extends Error {}

/**
 * The OA's access token, renewed through Zalo's OAuth (`POST ZALO_OAUTH_URL`, header `secret_key`,
 * form `app_id`, `grant_type=refresh_token`, `refresh_token`; answer `access_token`, `refresh_token`,
 * `expires_in` seconds) before it expires or when ZNS says it is not valid. The pair is stored: Zalo's
 * refresh tokens are single use. Two processes renewing at once: the one whose update finds the old
 * refresh token still stored wins; the other reads the winner's token.
 */
export class ZaloTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ZaloConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async row() {
    const app = this.config.app!;
    const [row] = await this.db.select().from(zaloTokens).where(eq(zaloTokens.appId, app.appId));
    if (row && row.seed === app.refreshToken) return row;
    // First use, or a new ZALO_REFRESH_TOKEN given by the operator: start from it.
    const fresh = {
      appId: app.appId,
      refreshToken: app.refreshToken,
      seed: app.refreshToken,
      accessToken: null,
      expiresAt: null,
    };
    await this.db
      .insert(zaloTokens)
      .values(fresh)
      .onConflictDoUpdate({ target: zaloTokens.appId, set: { ...fresh, updatedAt: this.clock.now() } });
    return { ...fresh, updatedAt: this.clock.now() };
  }

  /** A token good for at least the margin: the stored one, or a renewed one. */
  async current(): Promise<string> {
    const row = await this.row();
    const fresh = row.expiresAt && row.expiresAt.getTime() - REFRESH_MARGIN_MS > this.clock.now().getTime();
    if (row.accessToken && fresh) return row.accessToken;
    return this.renew(row.refreshToken);
  }

  /** ZNS refused `used` as not valid: renew (unless another send already did). */
  async replace(used: string): Promise<string> {
    const row = await this.row();
    if (row.accessToken && row.accessToken !== used) return row.accessToken;
    return this.renew(row.refreshToken);
  }

  private async renew(refreshToken: string): Promise<string> {
    const app = this.config.app!;
    const answer = (await postJson(
      this.config.oauthUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded', secret_key: app.appSecret },
        body: new URLSearchParams({
          app_id: app.appId,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        }).toString(),
      },
      this.config.timeoutMs,
    )) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: string | number;
      error?: number;
      error_name?: string;
    };
    if (!answer?.access_token || !answer.refresh_token) {
      // Someone else may have renewed with this refresh token a moment ago: theirs is the token.
      const [row] = await this.db.select().from(zaloTokens).where(eq(zaloTokens.appId, app.appId));
      if (row?.accessToken && row.refreshToken !== refreshToken) return row.accessToken;
      const why =
        `Không gia hạn được access token Zalo (${answer?.error ?? '?'} ${answer?.error_name ?? ''})`.trim();
      this.log.error({ error: answer?.error }, 'zalo token refresh refused');
      throw answer?.error !== undefined ? new ZaloAuthError(why) : new ZnsNetworkError(why);
    }
    const now = this.clock.now();
    const seconds = Number(answer.expires_in ?? 3600);
    const expiresAt = new Date(now.getTime() + (Number.isFinite(seconds) ? seconds : 3600) * 1000);
    const [won] = await this.db
      .update(zaloTokens)
      .set({
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        expiresAt,
        updatedAt: now,
      })
      .where(and(eq(zaloTokens.appId, app.appId), eq(zaloTokens.refreshToken, refreshToken)))
      .returning();
    if (won) return answer.access_token;
    const [row] = await this.db.select().from(zaloTokens).where(eq(zaloTokens.appId, app.appId));
    return row?.accessToken ?? answer.access_token;
  }
}
