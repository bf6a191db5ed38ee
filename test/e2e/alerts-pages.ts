import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMime } from '../helpers/mime';
import type { Journey } from './helpers';

/**
 * The pages of the alert e-mails with live tokens, for the accessibility scan: a visitor signs up on the
 * journey's server and the links are read from the outbox (the server alone can sign them).
 */
export async function alertPagePaths(journey: Journey): Promise<string[]> {
  const email = 'a11y.alerts@example.com';
  const res = await journey.api.call('POST', 'saved-searches', {
    body: { email, filters: { brand: 'Toyota' } },
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${res.body}`);
  const dir = join(journey.server.dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    // The mail follows the answer: the outbox may not even exist yet.
    const files = existsSync(dir) ? readdirSync(dir) : [];
    const found = files
      .map((f) => parseMime(readFileSync(join(dir, f), 'utf8')))
      .find((m) => m.headers.to === email);
    if (found) {
      const path = (p: string) =>
        new RegExp(`${p.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.-]+`).exec(found.text)![0];
      return [path('/alerts/confirm'), path('/alerts/unsubscribe'), path('/alerts/manage')];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no confirmation mail in the outbox');
}
