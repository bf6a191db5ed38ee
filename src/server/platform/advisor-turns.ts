import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Which advisor answers the server itself gave. The chat keeps its conversation in the visitor's
 * browser and sends it back whole, so an "advisor" line in a hand-off's transcript may have been
 * written by the browser. Each answer leaves with a signature (the X-Advisor-Signature header) over the
 * question it answered and its text; a turn sent back with a signature that checks is the server's
 * own, anything else is the visitor's claim. The key is derived from the server's secret for this one
 * purpose.
 */
export class AdvisorTurnSigner {
  private readonly key: string;

  constructor(secret: string) {
    this.key = `advisor-turn:${secret}`;
  }

  sign(question: string, answer: string): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([question, answer]))
      .digest('base64url');
  }

  verify(question: string, answer: string, signature: string | undefined | null): boolean {
    if (!signature) return false;
    const expected = Buffer.from(this.sign(question, answer));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
