import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const root = mkdtempSync(join(tmpdir(), 'showroom-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const dataDir = () => join(root, `d${++n}`);

function load(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: dataDir(), ...env });
}

function failure(env: Record<string, string>): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      dataDir: dir,
      databaseUrl: null,
      adminUsername: 'admin',
      adminPassword: null,
      smtpUrl: null,
      publicUrl: 'http://localhost:3000',
      demoData: true,
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    // DEMO_DATA defaults off on PostgreSQL.
    expect(load({ DATABASE_URL: 'postgres://u@localhost/db' }).demoData).toBe(false);
    // An empty variable means "unset".
    expect(load({ PORT: '', HOST: '', LOG_LEVEL: '', DEMO_DATA: '' }).port).toBe(3000);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgresql://u:p@db:5432/showroom',
      ADMIN_USERNAME: 'quantri',
      ADMIN_PASSWORD: 'Quantri2024',
      JWT_SECRET: 's'.repeat(40),
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'AutoViet <no-reply@autoviet.vn>',
      PUBLIC_URL: 'https://autoviet.vn/',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://u:p@db:5432/showroom',
      adminUsername: 'quantri',
      adminPassword: 'Quantri2024',
      jwtSecret: 's'.repeat(40),
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: 'AutoViet <no-reply@autoviet.vn>',
      publicUrl: 'https://autoviet.vn',
      demoData: false,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '192.168.1.5'],
    });
  });

  it('reads TRUST_PROXY as off, a hop count or the proxies’ addresses ("on" is one hop)', () => {
    expect(load({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'khong phai url' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'autoviet.vn' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://autoviet.vn' }],
    ['ADMIN_USERNAME', { ADMIN_USERNAME: 'Quản Trị' }],
    ['ADMIN_USERNAME', { ADMIN_USERNAME: 'ab' }],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'ngan' }],
    ['JWT_SECRET', { JWT_SECRET: 'qua-ngan' }],
    ['MAIL_FROM', { MAIL_FROM: 'khong co dia chi' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'verbose' }],
    ['DEMO_DATA', { DEMO_DATA: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'maybe' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '300.1.1.1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0x10' }],
    ['HTTP_REQUEST_TIMEOUT_MS', { HTTP_REQUEST_TIMEOUT_MS: '5' }],
  ])('stops on a bad %s with a message naming it', (name, env) => {
    expect(failure(env)).toContain(name);
  });

  it('requires JWT_SECRET in production and keeps none on disk then', () => {
    const dir = dataDir();
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dir });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toBe('JWT_SECRET là bắt buộc khi NODE_ENV=production');
    expect(existsSync(join(dir, 'secrets'))).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }).env).toBe(
      'production',
    );
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'secrets', 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('replaces a secret file that was cut short', () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'secrets'), { recursive: true });
    writeFileSync(join(dir, 'secrets', 'jwt-secret'), '');
    const secret = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(secret);
  });

  it('reads how long an unpaid reservation holds its car (RESERVATION_HOLD_MINUTES, 30 by default)', () => {
    expect(load({}).reservationHoldMinutes).toBe(30);
    expect(load({ RESERVATION_HOLD_MINUTES: '45' }).reservationHoldMinutes).toBe(45);
    for (const bad of ['0', '4', '1441', '30.5', 'ba mươi']) {
      expect(failure({ RESERVATION_HOLD_MINUTES: bad })).toContain('RESERVATION_HOLD_MINUTES');
    }
  });

  it('stops when DATA_DIR cannot be created, naming it', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(failure({ DATA_DIR: join(file, 'data') })).toContain('DATA_DIR');
  });
});

describe('the caps on mail a visitor can cause', () => {
  it('default to 5 per recipient address and 20 per client IP a day', () => {
    expect(load({}).visitorMail).toEqual({ perAddressPerDay: 5, perIpPerDay: 20 });
    expect(
      load({ VISITOR_MAIL_PER_ADDRESS_PER_DAY: '3', VISITOR_MAIL_PER_IP_PER_DAY: '100' }).visitorMail,
    ).toEqual({ perAddressPerDay: 3, perIpPerDay: 100 });
  });

  it('refuse a value that is not a whole number from 1', () => {
    expect(failure({ VISITOR_MAIL_PER_ADDRESS_PER_DAY: '0' })).toBe(
      'VISITOR_MAIL_PER_ADDRESS_PER_DAY="0" không hợp lệ: cần một số nguyên từ 1 đến 1000000',
    );
    expect(failure({ VISITOR_MAIL_PER_IP_PER_DAY: 'nhiều' })).toContain('VISITOR_MAIL_PER_IP_PER_DAY');
  });
});
