import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/server/db/client';

/**
 * The migration that starts tracking whose choice an account's address was, run over accounts as they
 * stood before it: addresses a manager or an admin set and the owner never used a code at stay
 * unconfirmed, and codes that may have gone to such an address are void.
 */
const TAG = '0020_email_confirmation';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The migrations folder as it was before `TAG`. */
function foldersBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe(`migration ${TAG}`, () => {
  it('confirms the owners’ addresses, not those a manager set, and voids codes that may have gone there', async () => {
    const client = await PGlite.create();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: foldersBefore() });
      const hash = 'x';
      await client.exec(`
        insert into users (id, username, password_hash, full_name, email) values
          (1, 'admin', '${hash}', 'Quản Trị', 'admin@example.com'),
          (2, 'chu', '${hash}', 'Chủ Tài Khoản', 'chu@example.com'),
          (3, 'nannhan', '${hash}', 'Nạn Nhân', 'attacker@evil.example'),
          (4, 'moivao', '${hash}', 'Mới Vào', 'moi@example.com'),
          (5, 'tudoi', '${hash}', 'Tự Đổi', 'tudoi.moi@example.com');
        insert into audit_log (user_id, action, entity, entity_id, after, created_at) values
          (null, 'create', 'user', '1', '{"email":"admin@example.com"}', now() - interval '9 days'),
          (1, 'create', 'user', '2', '{"email":"chu@example.com"}', now() - interval '8 days'),
          (1, 'create', 'user', '3', '{"email":"nan@example.com"}', now() - interval '8 days'),
          (2, 'update', 'user', '3', '{"email":"attacker@evil.example"}', now() - interval '1 hour'),
          (1, 'create', 'user', '4', '{"email":"moi@example.com"}', now() - interval '2 days'),
          (1, 'create', 'user', '5', '{"email":"tudoi@example.com"}', now() - interval '8 days'),
          (5, 'change-info', 'user', '5', '{"email":"tudoi.moi@example.com"}', now() - interval '3 days');
        insert into password_reset_codes (user_id, code_hash, purpose, expires_at, used_at, created_at) values
          (2, 'used-invite', 'invite', now() + interval '1 day', now() - interval '7 days', now() - interval '8 days'),
          (2, 'live-reset', 'reset', now() + interval '10 minutes', null, now()),
          (3, 'used-invite', 'invite', now() + interval '1 day', now() - interval '7 days', now() - interval '8 days'),
          (3, 'stolen', 'reset', now() + interval '3 days', null, now() - interval '30 minutes'),
          (4, 'invite', 'invite', now() + interval '1 day', null, now() - interval '2 days');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      const accounts = await client.query<{
        username: string;
        confirmed_email: string | null;
        email_set_by: number | null;
      }>('select username, confirmed_email, email_set_by from users order by id');
      expect(accounts.rows).toEqual([
        { username: 'admin', confirmed_email: 'admin@example.com', email_set_by: null },
        // The invitation used since the admin typed it: the owner's.
        { username: 'chu', confirmed_email: 'chu@example.com', email_set_by: null },
        // The reported attack in progress: set by the manager, never the owner's.
        { username: 'nannhan', confirmed_email: null, email_set_by: 2 },
        // Invitation not used yet: typed by the admin, confirmed when used.
        { username: 'moivao', confirmed_email: null, email_set_by: 1 },
        { username: 'tudoi', confirmed_email: 'tudoi.moi@example.com', email_set_by: null },
      ]);
      const codes = await client.query<{ user_id: number; code_hash: string; sent_to: string | null }>(
        'select user_id, code_hash, sent_to from password_reset_codes where used_at is null order by id',
      );
      expect(codes.rows).toEqual([
        { user_id: 2, code_hash: 'live-reset', sent_to: 'chu@example.com' },
        // A code possibly mailed to the attacker opens nothing.
        { user_id: 3, code_hash: 'stolen', sent_to: null },
        { user_id: 4, code_hash: 'invite', sent_to: 'moi@example.com' },
      ]);
    } finally {
      await client.close();
    }
  });
});
