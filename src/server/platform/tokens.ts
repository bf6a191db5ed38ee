import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(userId: number, sessionId = randomUUID(), ttlSeconds = TOKEN_TTL_SECONDS) {
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
    return { jwt, sessionId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) };
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(jwt: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(jwt, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || !payload.jti) return null;
      return { userId, sessionId: payload.jti };
    } catch {
      return null;
    }
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
