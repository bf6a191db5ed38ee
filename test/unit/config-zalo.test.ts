import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/server/config-proxy';
import { zaloConfig } from '../../src/server/config-zalo';

/** The Zalo settings: all three keys or none, URLs that are http(s), the defaults Zalo documents. */
describe('zaloConfig', () => {
  it('is off (the outbox) without keys, with Zalo’s own endpoints by default', () => {
    const c = zaloConfig({});
    expect(c.app).toBeNull();
    expect(c.znsUrl).toBe('https://business.openapi.zalo.me');
    expect(c.oauthUrl).toBe('https://oauth.zaloapp.com/v4/oa/access_token');
    expect(c.perPhonePerDay).toBe(5);
    expect(c.webhookSecret).toBeNull();
  });

  it('takes the three keys together, the webhook secret defaulting to the app secret', () => {
    const c = zaloConfig({
      ZALO_APP_ID: '1',
      ZALO_APP_SECRET: 's',
      ZALO_REFRESH_TOKEN: 'r',
      ZALO_ZNS_URL: 'http://127.0.0.1:9/',
    });
    expect(c.app).toEqual({ appId: '1', appSecret: 's', refreshToken: 'r' });
    expect(c.znsUrl).toBe('http://127.0.0.1:9');
    expect(c.webhookSecret).toBe('s');
    expect(zaloConfig({ ZALO_OA_SECRET_KEY: 'oa' }).webhookSecret).toBe('oa');
  });

  it('refuses a partial set, a bad address and a bad cap, naming the variable', () => {
    expect(() => zaloConfig({ ZALO_APP_ID: '1' })).toThrow(ConfigError);
    expect(() => zaloConfig({ ZALO_ZNS_URL: 'ftp://x' })).toThrow(/ZALO_ZNS_URL/);
    expect(() => zaloConfig({ VISITOR_ZALO_PER_PHONE_PER_DAY: '0' })).toThrow(
      /VISITOR_ZALO_PER_PHONE_PER_DAY/,
    );
  });
});
