import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bookingWindow,
  canMoveLead,
  LEAD_STATUS_LABELS,
  leadMoveAction,
  leadStatusLabel,
  maintenanceForm,
  nextLeadStatuses,
  normalizePlate,
  parseOpeningHours,
  testDriveForm,
  timeSlots,
} from '../../src/contract/leads';

afterEach(() => vi.useRealTimers());

describe('licence plates', () => {
  it.each([
    ['30A-123.45', '30A-123.45'],
    ['30a 12345', '30A-123.45'],
    ['51G-12345', '51G-123.45'],
    ['51g.123.45', '51G-123.45'],
    ['51G-1234', '51G-1234'],
    ['51LD-123.45', '51LD-123.45'],
    ['29A1-234.56', '29A1-234.56'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePlate(input)).toBe(expected);
  });

  it.each(['', 'ABC', '3A-12345', '05A-123.45', '51G-123', '51G-1234567', '51-12345', '51ABC-12345'])(
    'refuses %j',
    (input) => {
      expect(normalizePlate(input)).toBeNull();
    },
  );
});

describe('opening hours and slots', () => {
  it('reads the usual ways of writing opening hours', () => {
    expect(parseOpeningHours('8:00 - 18:00, Thứ Hai - Chủ Nhật')).toEqual({ open: 480, close: 1080 });
    expect(parseOpeningHours('7h30 - 17h')).toEqual({ open: 450, close: 1020 });
    expect(parseOpeningHours('08.00–20.30')).toEqual({ open: 480, close: 1230 });
    expect(parseOpeningHours('')).toEqual({ open: 480, close: 1080 });
    expect(parseOpeningHours('18:00 - 8:00')).toEqual({ open: 480, close: 1080 });
  });

  it('offers half-hour slots that end by closing time', () => {
    const slots = timeSlots('8:00 - 18:00');
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('17:00');
    expect(slots).toHaveLength(19);
    expect(timeSlots('7:45 - 9:00')).toEqual(['08:00']);
  });
});

describe('dates in Vietnam', () => {
  it('opens the booking window on the Vietnamese day, 60 days long', () => {
    // 17:30 UTC on 10 May is 00:30 on 11 May in Vietnam.
    expect(bookingWindow(new Date('2026-05-10T17:30:00Z'))).toEqual({
      first: '2026-05-11',
      last: '2026-07-10',
    });
  });

  it('refuses a slot that has passed today, accepts a later one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-10T10:05:00+07:00'));
    const base = {
      fullName: 'Nguyễn Văn A',
      phone: '0901234567',
      carId: 1,
      preferredDate: '10/05/2026',
      clientRequestId: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    };
    const past = testDriveForm.safeParse({ ...base, timeSlot: '10:00' });
    expect(past.success).toBe(false);
    expect(past.error?.issues[0]).toMatchObject({
      path: ['timeSlot'],
      message: 'Khung giờ này đã qua, vui lòng chọn giờ khác',
    });
    const later = testDriveForm.safeParse({ ...base, timeSlot: '10:30' });
    expect(later.success).toBe(true);
    expect(later.data?.preferredDate).toBe('2026-05-10');
    // Maintenance may leave the slot out.
    const maintenance = maintenanceForm.safeParse({
      ...base,
      licencePlate: '51G-12345',
      make: 'Kia',
      model: 'Morning',
      year: 2016,
      odometer: 90000,
      serviceType: 'OTHER',
      timeSlot: '',
    });
    expect(maintenance.success).toBe(true);
    expect(maintenance.data?.timeSlot).toBeUndefined();
  });
});

describe('workflow', () => {
  it('moves forward or to cancelled, and ends at done or cancelled', () => {
    expect(nextLeadStatuses('NEW')).toEqual(['CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED']);
    expect(nextLeadStatuses('SCHEDULED')).toEqual(['DONE', 'CANCELLED']);
    expect(nextLeadStatuses('DONE')).toEqual([]);
    expect(nextLeadStatuses('CANCELLED')).toEqual([]);
    expect(canMoveLead('CONTACTED', 'NEW')).toBe(false);
    expect(Object.values(LEAD_STATUS_LABELS)).toEqual([
      'Mới',
      'Đã liên hệ',
      'Đã hẹn',
      'Hoàn thành',
      'Đã hủy',
      'Đã báo giá',
      'Đã mua',
      'Không mua',
    ]);
    for (const type of ['TEST_DRIVE', 'MAINTENANCE', 'CONSULTING'] as const) {
      expect(nextLeadStatuses('NEW', type)).toEqual(['CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED']);
      expect(canMoveLead('SCHEDULED', 'OFFERED', type)).toBe(false);
    }
  });

  it('takes a buy-in from new to an offer, and from the offer only to bought or not bought', () => {
    expect(nextLeadStatuses('NEW', 'PURCHASE')).toEqual(['CONTACTED', 'SCHEDULED', 'OFFERED', 'DECLINED']);
    expect(nextLeadStatuses('SCHEDULED', 'PURCHASE')).toEqual(['OFFERED', 'DECLINED']);
    expect(nextLeadStatuses('OFFERED', 'PURCHASE')).toEqual(['BOUGHT', 'DECLINED']);
    expect(nextLeadStatuses('BOUGHT', 'PURCHASE')).toEqual([]);
    expect(nextLeadStatuses('DECLINED', 'PURCHASE')).toEqual([]);
    expect(nextLeadStatuses('DONE', 'PURCHASE')).toEqual([]);
    expect(canMoveLead('CONTACTED', 'BOUGHT', 'PURCHASE')).toBe(false);
    expect(canMoveLead('NEW', 'CANCELLED', 'PURCHASE')).toBe(false);
    expect(leadStatusLabel('SCHEDULED', 'PURCHASE')).toBe('Hẹn kiểm tra');
    expect(leadStatusLabel('SCHEDULED', 'TEST_DRIVE')).toBe('Đã hẹn');
    expect(leadMoveAction('PURCHASE', 'OFFERED')).toBe('offer');
    expect(leadMoveAction('PURCHASE', 'BOUGHT')).toBe('buy');
    expect(leadMoveAction('TEST_DRIVE', 'DONE')).toBeNull();
  });
});
