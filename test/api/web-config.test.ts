import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAR_CALCULATIONS, DEFAULT_SYSTEM_MESSAGE } from '../../src/contract/web-config';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let editor: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  editor = await t.createStaff(['WEB_CONFIG']);
});
afterAll(() => t.close());

const put = (body: unknown, token = editor.token) => t.call('PUT', '/api/web-configuration', { token, body });

describe('public reads', () => {
  it('GET web-configuration shows the showroom to anyone, without the advisor instruction', async () => {
    const res = await t.call('GET', '/api/web-configuration');
    expect(res.status).toBe(200);
    for (const key of [
      'showroomName',
      'showroomAddress',
      'showroomPhone',
      'showroomEmail',
      'openingHours',
      'facebookUrl',
      'messengerUrl',
      'zaloUrl',
      'mapEmbedUrl',
      'carCalculations',
    ]) {
      expect(res.json, key).toHaveProperty(key);
    }
    expect(res.json).not.toHaveProperty('systemMessage');
    expect(JSON.stringify(res.json)).not.toContain(DEFAULT_SYSTEM_MESSAGE.slice(0, 30));
  });

  it('GET web-configuration/car-calculations answers the cost parameters', async () => {
    const res = await t.call('GET', '/api/web-configuration/car-calculations');
    expect(res.status).toBe(200);
    expect(res.json).toEqual(DEFAULT_CAR_CALCULATIONS);
  });

  it('GET web-configuration/system-message answers the instruction as text', async () => {
    const res = await t.call('GET', '/api/web-configuration/system-message');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(DEFAULT_SYSTEM_MESSAGE);
  });
});

describe('GET web-configuration/admin', () => {
  it('answers the whole document to WEB_CONFIG only', async () => {
    expect((await t.call('GET', '/api/web-configuration/admin')).status).toBe(401);
    const other = await t.createStaff(['MANAGE_CAR']);
    expect((await t.call('GET', '/api/web-configuration/admin', { token: other.token })).status).toBe(403);
    const res = await t.call('GET', '/api/web-configuration/admin', { token: editor.token });
    expect(res.status).toBe(200);
    expect(res.json.systemMessage).toBe(DEFAULT_SYSTEM_MESSAGE);
  });
});

describe('PUT web-configuration', () => {
  it('answers 401 anonymously, 403 without WEB_CONFIG', async () => {
    const anonymous = await put({ showroomName: 'X' }, '');
    expect(anonymous.status).toBe(401);
    const other = await t.createStaff(['MANAGE_USER', 'MANAGE_BLOG']);
    const denied = await put({ showroomName: 'X' }, other.token);
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe('Bạn không có quyền thực hiện thao tác này');
    expect((await t.call('GET', '/api/web-configuration')).json.showroomName).not.toBe('X');
  });

  it('changes only the fields sent', async () => {
    const before = (await t.call('GET', '/api/web-configuration/admin', { token: editor.token })).json;
    const res = await put({ showroomName: 'Ô Tô Phương Nam', showroomPhone: '0909 000 111' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ...before, showroomName: 'Ô Tô Phương Nam', showroomPhone: '0909 000 111' });
    const after = await t.call('GET', '/api/web-configuration');
    expect(after.json.showroomName).toBe('Ô Tô Phương Nam');
    expect(after.json.openingHours).toBe(before.openingHours);
    // The public document leaves out the official price table (GET car-calculations has it).
    const { officialPrices: _table, ...calculations } = before.carCalculations;
    expect(after.json.carCalculations).toEqual(calculations);

    const links = await put({ facebookUrl: 'https://facebook.com/phuongnam', zaloUrl: '' });
    expect(links.status).toBe(200);
    expect(links.json.showroomName).toBe('Ô Tô Phương Nam');
    expect(links.json.facebookUrl).toBe('https://facebook.com/phuongnam');
  });

  it('stores the advisor instruction and the car calculations', async () => {
    const calc = { ...DEFAULT_CAR_CALCULATIONS, registrationFeeRate: 0.1, maxTermMonths: 60 };
    expect((await put({ systemMessage: 'Hãy trả lời ngắn gọn.', carCalculations: calc })).status).toBe(200);
    expect((await t.call('GET', '/api/web-configuration/system-message')).body).toBe('Hãy trả lời ngắn gọn.');
    expect((await t.call('GET', '/api/web-configuration/car-calculations')).json).toEqual(calc);
  });

  it('refuses invalid URLs, numbers and unknown fields with 400, changing nothing', async () => {
    const before = (await t.call('GET', '/api/web-configuration/admin', { token: editor.token })).json;
    const cases: [unknown, string][] = [
      [{ facebookUrl: 'javascript:alert(1)' }, 'Facebook phải là địa chỉ http(s)'],
      [{ mapEmbedUrl: 'ftp://ban-do' }, 'Bản đồ phải là địa chỉ http(s)'],
      [{ zaloUrl: 'zalo.me/123' }, 'Zalo phải là địa chỉ http(s)'],
      [{ showroomName: '' }, 'Vui lòng nhập tên showroom'],
      [{ showroomName: 'x'.repeat(121) }, 'Tên showroom tối đa 120 ký tự'],
      [
        { carCalculations: { ...DEFAULT_CAR_CALCULATIONS, registrationFeeRate: 'abc' } },
        'Lệ phí trước bạ không hợp lệ',
      ],
      [
        { carCalculations: { ...DEFAULT_CAR_CALCULATIONS, registrationFeeRate: -1 } },
        'Lệ phí trước bạ không được âm',
      ],
      [
        { carCalculations: { ...DEFAULT_CAR_CALCULATIONS, inspectionFee: 1.5 } },
        'Phí đăng kiểm phải là số nguyên',
      ],
      [
        { carCalculations: { ...DEFAULT_CAR_CALCULATIONS, insuranceBySeats: [] } },
        'Cần ít nhất một mức bảo hiểm',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.message, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    const unknown = await put({ hackerField: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Trường dữ liệu không được hỗ trợ: hackerField');
    const notObject = await put(['showroomName']);
    expect(notObject.status).toBe(400);
    expect((await t.call('GET', '/api/web-configuration/admin', { token: editor.token })).json).toEqual(
      before,
    );
  });
});
