import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { bootstrap } from '../../src/server/db/seed/bootstrap';
import { openTestDatabase } from '../helpers/database';
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', ADMIN_PASSWORD: 'Admin12345', DEMO_DATA: 'off', WEB_DIR: join(dataDir, 'no') });
const database = await openTestDatabase();
const built = await buildApp({ config, database, logger: { level: 'error' } });
await bootstrap(built.ctx, config, built.services);
await built.app.ready();
const login = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'admin', password: 'Admin12345' } });
const token = login.body;
for (const [url, payload] of [['/api/overview/sliders', `--other\r\nContent-Disposition: form-data; name="data"\r\n\r\nx\r\n--other--\r\n`], ['/api/blogs/admin/images', `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1}`], ['/api/overview/sliders', `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1}`]]) {
  const r = await built.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' } });
  console.log(r.statusCode, r.body);
}
await built.app.close(); await database.close();
