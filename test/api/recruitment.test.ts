import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { auditLog, candidates } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { multipart } from './cars-fixtures';
import { cvPdf, docxBytes, exeBytes, pngBytes, zip } from './recruitment-fixtures';

let t: TestApp;
let hr: { id: number; token: string };
let other: { id: number; token: string };

const day = (offset: number) => vnDayKey(new Date(Date.now() + offset * 86_400_000));

function posting(over: Record<string, unknown> = {}) {
  return {
    title: 'Tuyển nhân viên tư vấn bán hàng ô tô',
    position: 'Tư vấn bán hàng',
    type: 'FULL_TIME',
    location: '268 Nguyễn Văn Linh, TP. Hồ Chí Minh',
    salaryMin: 10_000_000,
    salaryMax: 20_000_000,
    quantity: 3,
    description: 'Tư vấn khách hàng mua xe đã qua sử dụng.',
    requirements: 'Có bằng lái B2, giao tiếp tốt.',
    benefits: 'Lương cứng + hoa hồng, BHXH đầy đủ.',
    deadline: day(30),
    ...over,
  };
}

async function addPosting(over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/recruitments/admin/add', { token: hr.token, body: posting(over) });
  expect(res.status, res.body).toBe(201);
  return res.json as { recruitmentId: number; open: boolean; expired: boolean; status: string };
}

function application(
  cv: { data: Buffer; filename: string; type?: string } | null,
  candidate: Record<string, unknown> = {},
) {
  const parts = [
    {
      name: 'candidate',
      value: JSON.stringify({
        fullName: 'Nguyễn Thị Lan',
        phone: '0903 123 456',
        email: `lan${Math.random().toString(36).slice(2, 8)}@example.com`,
        letter: 'Em có 2 năm kinh nghiệm bán xe.',
        ...candidate,
      }),
    },
  ];
  if (cv)
    parts.push({
      name: 'cv',
      filename: cv.filename,
      type: cv.type ?? 'application/pdf',
      data: cv.data,
    } as never);
  return multipart(parts);
}

async function apply(
  id: number,
  cv: Parameters<typeof application>[0],
  candidate: Record<string, unknown> = {},
) {
  const m = application(cv, candidate);
  return t.call('POST', `/api/recruitments/${id}/apply`, { body: m.payload, headers: m.headers });
}

let openId: number;
let closedId: number;
let expiredId: number;
let partTimeId: number;

beforeAll(async () => {
  t = await startTestApp();
  hr = await t.createStaff(['MANAGE_RECRUITMENT']);
  other = await t.createStaff(['MANAGE_BLOG']);
  openId = (await addPosting()).recruitmentId;
  closedId = (await addPosting({ title: 'Kỹ thuật viên sơn', position: 'Kỹ thuật viên' })).recruitmentId;
  await t.call('PUT', `/api/recruitments/admin/close/${closedId}`, { token: hr.token });
  expiredId = (await addPosting({ title: 'Nhân viên marketing', position: 'Marketing', deadline: day(-2) }))
    .recruitmentId;
  partTimeId = (
    await addPosting({
      title: 'Cộng tác viên chụp ảnh xe',
      position: 'Chụp ảnh',
      type: 'PART_TIME',
      salaryMin: null,
      salaryMax: null,
    })
  ).recruitmentId;
});
afterAll(() => t.close());
beforeEach(() => t.services.recruitment.applyLimiter.reset('127.0.0.1'));

describe('staff routes need MANAGE_RECRUITMENT', () => {
  it('401 without a token and 403 without the permission on every staff route', async () => {
    const staffRoutes = t.routeTable.filter(
      (r) =>
        (r.url.startsWith('/api/recruitments') || r.url.startsWith('/api/candidates')) &&
        r.access !== 'public',
    );
    expect(staffRoutes.length).toBeGreaterThanOrEqual(14);
    for (const r of staffRoutes) {
      expect(r.access).toBe('MANAGE_RECRUITMENT');
      const url = r.url
        .replace(':id', String(openId))
        .replace(':status', 'OPEN')
        .replace(':type', 'FULL_TIME');
      const anon = await t.call(r.method as 'GET', url);
      expect(anon.status, `${r.method} ${url}`).toBe(401);
      const denied = await t.call(r.method as 'GET', url, { token: other.token });
      expect(denied.status, `${r.method} ${url}`).toBe(403);
    }
  });

  it('public routes are exactly the list, detail, by-type and apply', () => {
    const open = t.routeTable
      .filter(
        (r) =>
          (r.url.startsWith('/api/recruitments') || r.url.startsWith('/api/candidates')) &&
          r.access === 'public',
      )
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(open).toEqual([
      'GET /api/recruitments',
      'GET /api/recruitments/:id',
      'GET /api/recruitments/type/:type',
      'POST /api/recruitments/:id/apply',
    ]);
  });
});

describe('postings', () => {
  it('lists the statuses and types with their Vietnamese labels', async () => {
    const statuses = await t.call('GET', '/api/recruitments/admin/recruitment-status', { token: hr.token });
    expect(statuses.json).toEqual([
      { value: 'OPEN', label: 'Hoạt động' },
      { value: 'CLOSED', label: 'Đã đóng' },
      { value: 'PAUSED', label: 'Tạm đóng' },
    ]);
    const types = await t.call('GET', '/api/recruitments/admin/recruitment-type', { token: hr.token });
    expect(types.json).toEqual([
      { value: 'FULL_TIME', label: 'Toàn thời gian' },
      { value: 'PART_TIME', label: 'Bán thời gian' },
    ]);
  });

  it('validates a posting in Vietnamese', async () => {
    const bad = await t.call('POST', '/api/recruitments/admin/add', {
      token: hr.token,
      body: posting({ salaryMin: 30_000_000, salaryMax: 10_000_000 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.salaryMax).toMatch(/Lương tối đa/);
    const date = await t.call('POST', '/api/recruitments/admin/add', {
      token: hr.token,
      body: posting({ deadline: '31/02/2026' }),
    });
    expect(date.status).toBe(400);
    expect(date.json.message).toMatch(/Hạn nộp hồ sơ/);
    const type = await t.call('POST', '/api/recruitments/admin/add', {
      token: hr.token,
      body: posting({ type: 'INTERN' }),
    });
    expect(type.status).toBe(400);
    const blank = await t.call('POST', '/api/recruitments/admin/add', {
      token: hr.token,
      body: posting({ title: '  ' }),
    });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Vui lòng nhập tiêu đề');
  });

  it('accepts dd/mm/yyyy deadlines and shows the salary in triệu', async () => {
    const [y, m, d] = day(10).split('-');
    const p = await t.call('POST', '/api/recruitments/admin/add', {
      token: hr.token,
      body: posting({ deadline: `${d}/${m}/${y}`, title: 'Thu ngân showroom' }),
    });
    expect(p.status).toBe(201);
    expect(p.json.deadline).toBe(day(10));
    expect(p.json.salaryDisplay).toBe('10 triệu - 20 triệu');
    expect(p.json.typeLabel).toBe('Toàn thời gian');
    expect(p.json.statusLabel).toBe('Hoạt động');
    expect(p.json.open).toBe(true);
  });

  it('the public list shows open postings only: never closed or past the deadline', async () => {
    const res = await t.call('GET', '/api/recruitments');
    expect(res.status).toBe(200);
    const ids = res.json.map((p: { recruitmentId: number }) => p.recruitmentId);
    expect(ids).toContain(openId);
    expect(ids).toContain(partTimeId);
    expect(ids).not.toContain(closedId);
    expect(ids).not.toContain(expiredId);
    expect(res.json.every((p: { open: boolean }) => p.open)).toBe(true);
    const free = res.json.find((p: { recruitmentId: number }) => p.recruitmentId === partTimeId);
    expect(free.salaryDisplay).toBe('Thỏa thuận');
  });

  it('a visitor reads an open posting; a closed or expired one is 404 unless staff ask', async () => {
    expect((await t.call('GET', `/api/recruitments/${openId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/recruitments/${closedId}`)).status).toBe(404);
    expect((await t.call('GET', `/api/recruitments/${expiredId}`)).status).toBe(404);
    const staff = await t.call('GET', `/api/recruitments/${closedId}`, { token: hr.token });
    expect(staff.status).toBe(200);
    expect(staff.json.status).toBe('CLOSED');
    const expired = await t.call('GET', `/api/recruitments/admin/${expiredId}`, { token: hr.token });
    expect(expired.json).toMatchObject({ status: 'OPEN', expired: true, open: false });
    // A staff member without the permission is a visitor here.
    expect((await t.call('GET', `/api/recruitments/${closedId}`, { token: other.token })).status).toBe(404);
    expect((await t.call('GET', '/api/recruitments/abc')).status).toBe(400);
    expect((await t.call('GET', '/api/recruitments/999999')).status).toBe(404);
  });

  it('by type is public and open only; by status is staff and shows every posting of that status', async () => {
    const part = await t.call('GET', '/api/recruitments/type/part_time');
    expect(part.status).toBe(200);
    expect(part.json.map((p: { recruitmentId: number }) => p.recruitmentId)).toEqual([partTimeId]);
    const full = await t.call('GET', '/api/recruitments/type/FULL_TIME');
    const fullIds = full.json.map((p: { recruitmentId: number }) => p.recruitmentId);
    expect(fullIds).toContain(openId);
    expect(fullIds).not.toContain(closedId);
    expect(fullIds).not.toContain(expiredId);
    expect((await t.call('GET', '/api/recruitments/type/INTERN')).status).toBe(400);

    const closed = await t.call('GET', '/api/recruitments/status/CLOSED', { token: hr.token });
    expect(closed.json.map((p: { recruitmentId: number }) => p.recruitmentId)).toEqual([closedId]);
    const open = await t.call('GET', '/api/recruitments/status/open', { token: hr.token });
    expect(open.json.map((p: { recruitmentId: number }) => p.recruitmentId)).toContain(expiredId);
  });

  it('the admin list pages with default page 1 size 5, searches without accents and filters', async () => {
    for (let i = 0; i < 3; i++) await addPosting({ title: `Bảo vệ ca đêm ${i}`, position: 'Bảo vệ' });
    const res = await t.call('GET', '/api/recruitments/admin', { token: hr.token });
    expect(res.status).toBe(200);
    expect(res.json.page).toBe(1);
    expect(res.json.size).toBe(5);
    expect(res.json.content).toHaveLength(5);
    expect(res.json.totalElements).toBeGreaterThanOrEqual(8);
    expect(res.json.totalPages).toBe(Math.ceil(res.json.totalElements / 5));
    expect(res.json.content[0]).toHaveProperty('candidateCount');
    const search = await t.call('GET', '/api/recruitments/admin', {
      token: hr.token,
      query: { search: 'bao ve ca dem' },
    });
    expect(search.json.totalElements).toBe(3);
    const closed = await t.call('GET', '/api/recruitments/admin', {
      token: hr.token,
      query: { status: 'CLOSED' },
    });
    expect(closed.json.content.map((p: { recruitmentId: number }) => p.recruitmentId)).toEqual([closedId]);
    expect(
      (await t.call('GET', '/api/recruitments/admin', { token: hr.token, query: { size: 0 } })).status,
    ).toBe(400);
  });

  it('edits, closes and reopens a posting, with audit rows; an expired one cannot be reopened', async () => {
    const { recruitmentId: id } = await addPosting({ title: 'Tài xế giao xe' });
    const edit = await t.call('PUT', `/api/recruitments/admin/${id}`, {
      token: hr.token,
      body: posting({ title: 'Tài xế giao xe (có bằng C)', quantity: 2 }),
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ title: 'Tài xế giao xe (có bằng C)', quantity: 2 });
    const close = await t.call('PUT', `/api/recruitments/admin/close/${id}`, { token: hr.token });
    expect(close.json).toMatchObject({ status: 'CLOSED', statusLabel: 'Đã đóng', open: false });
    expect((await t.call('GET', `/api/recruitments/${id}`)).status).toBe(404);
    const reopen = await t.call('PUT', `/api/recruitments/admin/open/${id}`, { token: hr.token });
    expect(reopen.json).toMatchObject({ status: 'OPEN', open: true });
    const expired = await t.call('PUT', `/api/recruitments/admin/open/${expiredId}`, { token: hr.token });
    expect(expired.status).toBe(409);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((a) => a.entity === 'recruitment').map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'close', 'open']),
    );
    expect(
      (await t.call('PUT', '/api/recruitments/admin/999999', { token: hr.token, body: posting() })).status,
    ).toBe(404);
  });
});

describe('applications', () => {
  let pdfCandidate: number;

  it('takes a PDF CV, notifies the recruiters and echoes no personal data', async () => {
    const res = await apply(
      openId,
      { data: cvPdf(), filename: 'CV Nguyễn Thị Lan.pdf' },
      { email: 'lan@example.com' },
    );
    expect(res.status, res.body).toBe(201);
    expect(res.json.message).toMatch(/thành công/);
    expect(Object.keys(res.json).sort()).toEqual(['candidateId', 'message']);
    pdfCandidate = res.json.candidateId;
    const unread = await t.call('GET', `/api/notifications/unread/${hr.id}`, { token: hr.token });
    expect(unread.status).toBe(200);
    expect(JSON.stringify(unread.json)).toMatch(/Ứng viên mới: Nguyễn Thị Lan/);
    // Someone without the permission is not told.
    const others = await t.call('GET', `/api/notifications/unread/${other.id}`, { token: other.token });
    expect(JSON.stringify(others.json)).not.toMatch(/Ứng viên mới/);
  });

  it('takes a DOCX CV (named anything) by its content', async () => {
    const res = await apply(partTimeId, {
      data: docxBytes(),
      filename: 'ho-so.bin',
      type: 'application/octet-stream',
    });
    expect(res.status, res.body).toBe(201);
    const view = await t.call('GET', `/api/candidates/${res.json.candidateId}`, { token: hr.token });
    expect(view.json.cv).toMatchObject({ kind: 'docx', fileName: 'ho-so.bin.docx' });
  });

  it('refuses a program, a picture renamed .pdf, a plain ZIP and a macro document with 415', async () => {
    const exe = await apply(openId, {
      data: exeBytes(),
      filename: 'cv.exe',
      type: 'application/octet-stream',
    });
    expect(exe.status).toBe(415);
    expect(exe.json.message).toBe('CV phải là tệp PDF hoặc Word (.docx)');
    const png = await apply(openId, { data: await pngBytes(), filename: 'cv.pdf' });
    expect(png.status).toBe(415);
    const plainZip = await apply(openId, { data: zip([{ name: 'a.txt', data: 'x' }]), filename: 'cv.docx' });
    expect(plainZip.status).toBe(415);
    const docm = zip([
      { name: 'word/document.xml', data: '<w:document/>' },
      { name: 'word/vbaProject.bin', data: 'macro' },
    ]);
    const macro = await apply(openId, { data: docm, filename: 'cv.docx' });
    expect(macro.status).toBe(415);
  });

  it('refuses a CV over 5 MB with 413', async () => {
    const big = Buffer.concat([cvPdf(), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    const res = await apply(openId, { data: big, filename: 'cv.pdf' });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('CV vượt quá dung lượng tối đa 5 MB');
    // Exactly 5 MB passes.
    const edge = Buffer.concat([cvPdf(), Buffer.alloc(5 * 1024 * 1024 - cvPdf().length, 0x20)]);
    expect((await apply(openId, { data: edge, filename: 'cv.pdf' })).status).toBe(201);
  });

  it('refuses closed, expired and unknown postings, a missing CV, bad fields and a second application', async () => {
    expect((await apply(closedId, { data: cvPdf(), filename: 'cv.pdf' })).status).toBe(409);
    expect((await apply(expiredId, { data: cvPdf(), filename: 'cv.pdf' })).status).toBe(409);
    expect((await apply(999999, { data: cvPdf(), filename: 'cv.pdf' })).status).toBe(404);
    const none = await apply(openId, null);
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/CV/);
    const phone = await apply(openId, { data: cvPdf(), filename: 'cv.pdf' }, { phone: '12345' });
    expect(phone.status).toBe(400);
    expect(phone.json.message).toBe('Số điện thoại không hợp lệ');
    const twice = await apply(openId, { data: cvPdf(), filename: 'cv.pdf' }, { email: 'LAN@example.com' });
    expect(twice.status).toBe(409);
    const json = await t.call('POST', `/api/recruitments/${openId}/apply`, { body: { fullName: 'A' } });
    expect(json.status).toBe(415);
  });

  it('limits applications per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await apply(openId, null)).status);
    expect(statuses.slice(0, 8).every((s) => s === 400)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('staff list candidates by posting and status, and opening one marks it viewed', async () => {
    const list = await t.call('GET', '/api/candidates', {
      token: hr.token,
      query: { recruitmentId: openId },
    });
    expect(list.status).toBe(200);
    expect(list.json.size).toBe(5);
    expect(list.json.content.every((c: { recruitmentId: number }) => c.recruitmentId === openId)).toBe(true);
    const search = await t.call('GET', '/api/candidates', {
      token: hr.token,
      query: { search: 'nguyen thi lan' },
    });
    expect(search.json.totalElements).toBeGreaterThanOrEqual(2);
    const fresh = await t.call('GET', '/api/candidates', { token: hr.token, query: { status: 'NEW' } });
    expect(fresh.json.content.map((c: { candidateId: number }) => c.candidateId)).toContain(pdfCandidate);

    const one = await t.call('GET', `/api/candidates/${pdfCandidate}`, { token: hr.token });
    expect(one.json).toMatchObject({
      fullName: 'Nguyễn Thị Lan',
      phone: '0903123456',
      email: 'lan@example.com',
      status: 'VIEWED',
      statusLabel: 'Đã xem',
      cv: { kind: 'pdf', fileName: 'CV Nguyễn Thị Lan.pdf' },
    });
    const interview = await t.call('PUT', `/api/candidates/${pdfCandidate}/status`, {
      token: hr.token,
      body: { status: 'INTERVIEW' },
    });
    expect(interview.json).toMatchObject({ status: 'INTERVIEW', statusLabel: 'Phỏng vấn' });
    const bad = await t.call('PUT', `/api/candidates/${pdfCandidate}/status`, {
      token: hr.token,
      body: { status: 'HIRED' },
    });
    expect(bad.status).toBe(400);
    expect((await t.call('GET', '/api/candidates/999999', { token: hr.token })).status).toBe(404);
    const statuses = await t.call('GET', '/api/candidates/statuses', { token: hr.token });
    expect(statuses.json.map((s: { label: string }) => s.label)).toEqual([
      'Mới',
      'Đã xem',
      'Phỏng vấn',
      'Đạt',
      'Loại',
    ]);
  });

  it('the CV downloads only for staff with the permission, as an attachment, and is never public', async () => {
    const url = `/api/candidates/${pdfCandidate}/cv`;
    expect((await t.call('GET', url)).status).toBe(401);
    expect((await t.call('GET', url, { token: other.token })).status).toBe(403);
    const res = await t.call('GET', url, { token: hr.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="CV Nguyen Thi Lan.pdf"; filename\*=UTF-8''CV%20Nguy/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(res.body, 'latin1').subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, pdfCandidate));
    expect(row.cvKey).toMatch(/^cv\/[0-9a-f]{24}\.pdf$/);
    expect((await t.call('GET', `/api/uploads/${row.cvKey}`)).status).toBe(404);
  });
});
