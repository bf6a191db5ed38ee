import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import {
  addOpeningMinutes,
  CONSULTING_TOPICS,
  DEFAULT_LEAD_HANDLING,
  type LeadStatus,
  type LeadType,
  MAINTENANCE_SERVICE_TYPES,
  nextLeadStatuses,
  openingWindow,
} from '../../../contract/leads';
import type { DemoSeeder } from '../../db/seed/bootstrap';
import type { CarsService } from '../cars/service';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import { carLabel } from './cars';
import { leadEvents, leads } from './schema';
import { type LeadsService, leadReference, leadSearchText } from './service';
import { sourceValues } from './source';

/** A small deterministic generator, so every demo showroom looks the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

const NAMES = [
  'Nguyễn Văn Hùng',
  'Trần Thị Mai',
  'Lê Quốc Bảo',
  'Phạm Minh Tuấn',
  'Hoàng Thu Trang',
  'Võ Thanh Sơn',
  'Đặng Ngọc Lan',
  'Bùi Đức Long',
  'Đỗ Phương Linh',
  'Ngô Gia Khang',
  'Dương Kim Ngân',
  'Lý Công Danh',
];
const PHONES = ['0903', '0912', '0938', '0977', '0987', '0339', '0362', '0707', '0789', '0868'];
const SLOTS = ['08:30', '09:00', '10:00', '14:00', '15:30', '16:00'];
const OWN_CARS: [string, string, number, string][] = [
  ['Toyota', 'Vios', 2018, '51G-248.16'],
  ['Honda', 'City', 2019, '51H-337.02'],
  ['Mazda', 'CX-5', 2020, '30A-581.94'],
  ['Hyundai', 'Accent', 2021, '51K-120.48'],
  ['Kia', 'Seltos', 2022, '51K-903.71'],
  ['Ford', 'Ranger', 2017, '61C-442.19'],
];
const NOTES = [
  '',
  '',
  'Gọi sau 17 giờ giúp em.',
  'Muốn xem thêm xe cùng phân khúc.',
  'Xe có tiếng kêu lạ ở gầm.',
];
const MESSAGES: Record<(typeof CONSULTING_TOPICS)[number], string> = {
  BUY: 'Tôi cần tư vấn mua xe gia đình 5-7 chỗ, tầm giá 600 triệu.',
  SELL: 'Tôi muốn bán lại xe đang đi, nhờ showroom định giá giúp.',
  INSTALLMENT: 'Cho tôi hỏi thủ tục trả góp, trả trước 30% được không?',
  OTHER: 'Showroom có nhận bảo hành xe đã mua ở nơi khác không?',
};

/** Where demo visitors came from (drawn from their own generator: the leads themselves stay as they were). */
const SOURCES = [
  { utmSource: 'facebook', utmCampaign: 'xe-gia-dinh-t11' },
  { utmSource: 'facebook', utmCampaign: 'xe-gia-dinh-t11' },
  { utmSource: 'google', utmCampaign: 'tim-kiem-thuong-hieu' },
  { utmSource: 'zalo', utmCampaign: 'oa-khach-cu' },
  { referrer: 'www.google.com' },
  { referrer: 'www.google.com' },
  { referrer: 'oto.com.vn' },
  { referrer: 'bonbanh.com' },
  {},
  {},
] as const;

/** About two dozen leads over the last month and the coming two weeks, in every status, with history. */
export const seedDemoLeads: DemoSeeder = async (ctx, services) => {
  const leadsService = services.leads as LeadsService | undefined;
  const users = services.users as UsersService;
  const notifications = services.notifications as NotificationsService;
  const cars = (await (services.cars as CarsService | undefined)?.homepage('newest')) ?? [];
  if (!leadsService) return;
  const r = rng(20_261_121);
  const fromWhere = rng(17);
  const opening = openingWindow(null);
  const now = Date.now();
  const handlers = (await leadsService.assignees()).filter((s) => s.fullName);
  const recipients = await users.idsWithPermission('MANAGE_SERVICE');
  const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];

  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < 24; i++) {
      const type: LeadType = i % 3 === 0 ? 'CONSULTING' : i % 3 === 1 ? 'TEST_DRIVE' : 'MAINTENANCE';
      if (type === 'TEST_DRIVE' && cars.length === 0) continue;
      const createdAt = new Date(now - (24 - i) * 30 * 3_600_000 - r.int(0, 3_600_000));
      const clientRequestId = randomUUID();
      const fullName = NAMES[i % NAMES.length];
      // Older leads are further along; a few were cancelled.
      const age = 24 - i;
      let status: LeadStatus = age < 4 ? 'NEW' : chain[Math.min(3, Math.floor(age / 6) + r.int(0, 1))];
      if (r.next() < 0.12 && age >= 4) status = 'CANCELLED';
      if (status === 'SCHEDULED' && type === 'CONSULTING') status = 'CONTACTED';
      // Finished visits lie in the past; open ones mostly ahead, a couple overdue.
      const day =
        status === 'DONE' || status === 'CANCELLED'
          ? Math.min(createdAt.getTime() + r.int(1, 3) * 86_400_000, now - 86_400_000)
          : Math.max(createdAt.getTime() + 86_400_000, now + r.int(-2, 14) * 86_400_000);
      const booked = vnDayKey(new Date(day));
      const row: typeof leads.$inferInsert = {
        type,
        reference: leadReference(type),
        clientRequestId,
        fullName,
        phone: `${r.pick(PHONES)}${String(r.int(0, 999_999)).padStart(6, '0')}`,
        email: i % 2 === 0 ? `khach${i + 1}@example.com` : null,
        createdAt,
        updatedAt: createdAt,
        responseDueAt: addOpeningMinutes(createdAt, DEFAULT_LEAD_HANDLING.responseTargetMinutes, opening),
        ...sourceValues(fromWhere.pick(SOURCES)),
      };
      if (type === 'TEST_DRIVE') {
        const car = r.pick(cars);
        Object.assign(row, {
          carId: car.carId,
          carLabel: carLabel(car),
          preferredDate: booked,
          timeSlot: r.pick(SLOTS),
          message: r.pick(NOTES) || null,
        });
      } else if (type === 'MAINTENANCE') {
        const [make, model, year, plate] = r.pick(OWN_CARS);
        Object.assign(row, {
          make,
          model,
          year,
          licencePlate: plate,
          odometer: r.int(15, 140) * 1000,
          serviceType: r.pick(MAINTENANCE_SERVICE_TYPES),
          preferredDate: booked,
          timeSlot: r.next() < 0.5 ? r.pick(SLOTS) : null,
          message: r.pick(NOTES) || null,
        });
      } else {
        const topic = r.pick(CONSULTING_TOPICS);
        const car = cars.length && topic === 'BUY' ? r.pick(cars) : null;
        Object.assign(row, {
          topic,
          message: MESSAGES[topic],
          carId: car?.carId ?? null,
          carLabel: car ? carLabel(car) : null,
        });
      }
      const handler = status !== 'NEW' && handlers.length ? r.pick(handlers) : null;
      row.status = status;
      row.assigneeId = handler?.userId ?? null;
      row.searchText = leadSearchText(row);
      const [inserted] = await tx.insert(leads).values(row).returning();

      const events: (typeof leadEvents.$inferInsert)[] = [
        { leadId: inserted.id, kind: 'CREATED', toStatus: 'NEW', createdAt },
      ];
      let at = createdAt.getTime();
      if (handler) {
        at += r.int(10, 90) * 60_000;
        events.push({
          leadId: inserted.id,
          kind: 'ASSIGN',
          assigneeId: handler.userId,
          assigneeName: handler.fullName,
          userId: handler.userId,
          userName: handler.fullName,
          createdAt: new Date(at),
        });
        let from: LeadStatus = 'NEW';
        const path =
          status === 'CANCELLED'
            ? (['CANCELLED'] as LeadStatus[])
            : chain.slice(1, chain.indexOf(status) + 1);
        for (const to of path) {
          if (!nextLeadStatuses(from).includes(to)) break;
          at += r.int(30, 600) * 60_000;
          events.push({
            leadId: inserted.id,
            kind: 'STATUS',
            fromStatus: from,
            toStatus: to,
            note:
              to === 'CONTACTED'
                ? 'Đã gọi điện xác nhận nhu cầu.'
                : to === 'CANCELLED'
                  ? 'Khách đổi ý.'
                  : null,
            userId: handler.userId,
            userName: handler.fullName,
            createdAt: new Date(Math.min(at, now)),
          });
          from = to;
        }
      }
      await tx.insert(leadEvents).values(events);
      const last = events.at(-1)!.createdAt!;
      const firstResponseAt = events.find((e) => e.kind === 'STATUS')?.createdAt ?? null;
      if (last > createdAt)
        await tx.update(leads).set({ updatedAt: last, firstResponseAt }).where(eq(leads.id, inserted.id));
      await leadsService.linkCustomer(tx, inserted);
      if (age <= 6 && recipients.length) {
        await notifications.recordPast(
          tx,
          recipients.map((userId) => ({
            userId,
            message: leadsService.announcement(inserted),
            link: leadsService.link(inserted),
            read: age > 3,
            createdAt,
          })),
        );
      }
    }
  });
};
