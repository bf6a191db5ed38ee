import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_MESSAGES, TOP_SOURCES } from '../../src/contract/leads';
import { leads } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, consultingBody, createCar, freshIp, maintenanceBody, testDriveBody } from './leads-fixtures';

/** Where each lead came from: sent by the web app with every form, shown in the drawer, counted in statistics. */

let t: TestApp;
let carId: number;
let staff: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
  staff = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

async function send(source: unknown, form: 'consulting' | 'test-drives' | 'maintenance' = 'consulting') {
  const body =
    form === 'consulting'
      ? consultingBody({ source })
      : form === 'maintenance'
        ? maintenanceBody({ source })
        : testDriveBody(carId, { source, timeSlot: '14:00' });
  return t.call('POST', `/api/${form}`, { body, headers: asIp(freshIp()) });
}

async function sourceOf(reference: string) {
  const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, reference));
  const path =
    row.type === 'CONSULTING' ? 'consulting' : row.type === 'MAINTENANCE' ? 'maintenance' : 'test-drives';
  return (await t.call('GET', `/api/${path}/admin/${row.id}`, { token: t.adminToken })).json.source;
}

describe('the source of a lead', () => {
  it('records a campaign, a referring site, or a direct visit, on every form', async () => {
    const campaign = await send({
      utmSource: 'facebook',
      utmCampaign: 'tet-2026',
      referrer: 'm.facebook.com',
    });
    expect(campaign.status).toBe(201);
    expect(await sourceOf(campaign.json.reference)).toEqual({
      channel: 'CAMPAIGN',
      label: 'Chiến dịch quảng cáo (UTM) · facebook / tet-2026',
      utmSource: 'facebook',
      utmCampaign: 'tet-2026',
      referrer: 'm.facebook.com',
    });
    const referral = await send({ referrer: 'WWW.Google.com' }, 'test-drives');
    expect(referral.status, referral.body).toBe(201);
    expect(await sourceOf(referral.json.reference)).toMatchObject({
      channel: 'REFERRAL',
      label: 'Trang web khác · www.google.com',
      referrer: 'www.google.com',
    });
    const direct = await send(undefined, 'maintenance');
    expect(direct.status).toBe(201);
    expect(await sourceOf(direct.json.reference)).toMatchObject({
      channel: 'DIRECT',
      label: 'Truy cập trực tiếp',
    });
    const blank = await send({ utmSource: '', utmCampaign: ' ', referrer: '' });
    expect(await sourceOf(blank.json.reference)).toMatchObject({ channel: 'DIRECT' });
  });

  it('refuses a source that is too long, holds control characters, or is not a host name', async () => {
    const cases: [unknown, string, string][] = [
      [{ utmSource: 'x'.repeat(101) }, SOURCE_MESSAGES.utmSource, 'source.utmSource'],
      [{ utmCampaign: 'a\u0007b' }, SOURCE_MESSAGES.utmCampaign, 'source.utmCampaign'],
      [{ referrer: 'https://google.com/search?q=xe' }, SOURCE_MESSAGES.referrer, 'source.referrer'],
      [{ referrer: 'bad host.com' }, SOURCE_MESSAGES.referrer, 'source.referrer'],
      [{ referrer: `${'a'.repeat(64)}.com` }, SOURCE_MESSAGES.referrer, 'source.referrer'],
      [{ utmSource: 42 }, SOURCE_MESSAGES.utmSource, 'source.utmSource'],
    ];
    for (const [source, message, field] of cases) {
      const res = await send(source);
      expect(res.status, JSON.stringify(source)).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.errors[field]).toBe(message);
    }
  });
});

describe('GET /api/dashboard/lead-sources', () => {
  it('counts leads by channel, source and campaign, with unknown ones apart', async () => {
    const fresh = await startTestApp({ TRUST_PROXY: 'on' });
    try {
      const post = async (source: unknown) => {
        const res = await fresh.call('POST', '/api/consulting', {
          body: consultingBody({ source }),
          headers: asIp(freshIp()),
        });
        expect(res.status).toBe(201);
        return res.json.reference as string;
      };
      for (let i = 0; i < 3; i++) await post({ utmSource: 'facebook', utmCampaign: 'tet-2026' });
      await post({ utmSource: 'facebook', utmCampaign: 'he-2026' });
      await post({ utmSource: 'zalo' });
      for (let i = 0; i < 2; i++) await post({ referrer: 'google.com' });
      await post(undefined);
      const old = await post(undefined);
      // A lead stored before sources were recorded.
      await fresh.ctx.db.update(leads).set({ sourceChannel: null }).where(eq(leads.reference, old));
      const chat = await fresh.call('POST', '/api/chat/handoff', {
        body: {
          fullName: 'Khách Chat',
          phone: '0901234567',
          transcript: [{ role: 'user', content: 'cho tôi gặp nhân viên' }],
          clientRequestId: crypto.randomUUID(),
          source: { referrer: 'google.com' },
        },
        headers: asIp(freshIp()),
      });
      expect(chat.status).toBe(201);

      const res = await fresh.call('GET', '/api/dashboard/lead-sources', { token: fresh.adminToken });
      expect(res.status).toBe(200);
      expect(res.json.total).toBe(10);
      expect(res.json.unknown).toBe(1);
      expect(res.json.channels).toEqual([
        { channel: 'CAMPAIGN', label: 'Chiến dịch quảng cáo (UTM)', count: 5 },
        { channel: 'REFERRAL', label: 'Trang web khác', count: 2 },
        { channel: 'CHAT', label: 'Chat tư vấn', count: 1 },
        { channel: 'DIRECT', label: 'Truy cập trực tiếp', count: 1 },
      ]);
      expect(res.json.sources).toEqual([
        { name: 'facebook', channel: 'CAMPAIGN', count: 4 },
        { name: 'google.com', channel: 'REFERRAL', count: 2 },
        { name: 'Chat tư vấn', channel: 'CHAT', count: 1 },
        { name: 'Truy cập trực tiếp', channel: 'DIRECT', count: 1 },
        { name: 'zalo', channel: 'CAMPAIGN', count: 1 },
      ]);
      expect(res.json.campaigns).toEqual([
        { utmSource: 'facebook', utmCampaign: 'tet-2026', count: 3 },
        { utmSource: 'facebook', utmCampaign: 'he-2026', count: 1 },
        { utmSource: 'zalo', utmCampaign: null, count: 1 },
      ]);
      // The range is the day the lead was sent (Vietnam): none before today.
      const before = await fresh.call('GET', '/api/dashboard/lead-sources', {
        token: fresh.adminToken,
        query: { to: '01/01/2020' },
      });
      expect(before.json.total).toBe(0);
      expect(before.json.range).toEqual({ from: null, to: '2020-01-01' });
      expect(before.json.sources).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('sums the sources beyond the top ten as "Khác"', async () => {
    for (let i = 0; i < TOP_SOURCES + 2; i++)
      await send({ utmSource: `nguon-${String(i).padStart(2, '0')}` });
    const res = await t.call('GET', '/api/dashboard/lead-sources', { token: staff.token });
    expect(res.json.sources).toHaveLength(TOP_SOURCES + 1);
    expect(res.json.sources.at(-1).name).toBe('Khác');
  });

  it('answers any signed-in staff member, 401 otherwise, 400 for a bad range', async () => {
    expect((await t.call('GET', '/api/dashboard/lead-sources')).status).toBe(401);
    expect((await t.call('GET', '/api/dashboard/lead-sources', { token: staff.token })).status).toBe(200);
    const bad = await t.call('GET', '/api/dashboard/lead-sources', {
      token: staff.token,
      query: { from: '32/13/2026' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Từ ngày không hợp lệ (dd/mm/yyyy)');
  });
});
