import type { CarData, CarStatus } from '../../../contract/cars';
import { vnDayKey } from '../../../contract/format';
import type { PaymentMethod } from '../../../contract/sales';
import { compactFold } from '../../../contract/text';
import { vnTime } from '../../../contract/vn-time';
import { DEFAULT_STOCK_COSTS } from '../../../contract/web-config';
import { type CarsService, insertSeededCars } from '../../modules/cars';
import type { SalesService } from '../../modules/sales/service';
import type { UsersService } from '../../modules/users/service';
import type { JobQueue } from '../../platform/jobs/queue';
import type { DemoSeeder } from './bootstrap';
import { type SeededCar, seedCarRecords } from './demo-car-records';
import { CAR_TEMPLATES, type CarTemplate, makeCar, planPriceDrop, type Rng, rng } from './demo-cars-data';
import { photoSubject, scheduleDemoPhotos } from './demo-photos';

const FAMILY = [
  'Nguyễn',
  'Trần',
  'Lê',
  'Phạm',
  'Hoàng',
  'Huỳnh',
  'Phan',
  'Vũ',
  'Võ',
  'Đặng',
  'Bùi',
  'Đỗ',
  'Hồ',
  'Ngô',
  'Dương',
  'Lý',
];
const MIDDLE_M = ['Văn', 'Minh', 'Quốc', 'Đức', 'Thanh', 'Hoàng', 'Gia', 'Công'];
const MIDDLE_F = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Minh', 'Phương', 'Kim'];
const GIVEN_M = [
  'Anh',
  'Bình',
  'Cường',
  'Dũng',
  'Hải',
  'Hùng',
  'Khang',
  'Long',
  'Nam',
  'Phúc',
  'Quân',
  'Sơn',
  'Tài',
  'Thắng',
  'Tuấn',
  'Việt',
];
const GIVEN_F = [
  'An',
  'Châu',
  'Dung',
  'Giang',
  'Hà',
  'Hạnh',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'Ngân',
  'Nhung',
  'Quỳnh',
  'Thảo',
  'Trang',
  'Vy',
];
const PREFIXES = [
  '090',
  '091',
  '093',
  '094',
  '096',
  '097',
  '098',
  '032',
  '033',
  '035',
  '070',
  '077',
  '079',
  '081',
  '083',
  '086',
  '088',
  '089',
];
const NOTES = [
  '',
  '',
  'Khách hàng quen, giới thiệu từ người thân.',
  'Tặng kèm phim cách nhiệt và thảm sàn.',
  'Giao xe tại nhà khách.',
  'Khách đặt cọc trước 3 ngày.',
  'Hỗ trợ sang tên trọn gói.',
];

function person(r: Rng) {
  const female = r.chance(0.4);
  const name = `${r.pick(FAMILY)} ${r.pick(female ? MIDDLE_F : MIDDLE_M)} ${r.pick(female ? GIVEN_F : GIVEN_M)}`;
  const phone = `${r.pick(PREFIXES)}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
  const parts = compactFold(name.split(' ').reverse().join(' ')).slice(0, 18);
  const email = r.chance(0.6)
    ? `${parts}${r.int(1, 99)}@${r.pick(['gmail.com', 'yahoo.com', 'outlook.com'])}`
    : null;
  return { name, phone, email };
}

function paymentMethod(r: Rng): PaymentMethod {
  const x = r.next();
  return x < 0.45 ? 'TRANSFER' : x < 0.75 ? 'INSTALLMENT' : 'CASH';
}

const DAY = 86_400_000;

interface Planned {
  data: CarData;
  status: CarStatus;
  createdAt: Date;
  photos: number;
  sale?: { date: Date; cancelled?: boolean };
}

/**
 * The demo showroom: about 75 cars on sale (a few pending) across 14 brands, and about 40 sold cars
 * whose sales spread over the last 24 months (a few cancelled), each with drawn photos.
 */
export function planDemoCars(now: Date, seed = 20_260_101): { plan: Planned[]; r: Rng } {
  const r = rng(seed);
  const year = Number(vnDayKey(now).slice(0, 4));
  const stock: CarTemplate[] = CAR_TEMPLATES.flatMap((t) => Array.from({ length: t.weight ?? 1 }, () => t));
  const plan: Planned[] = stock.map((t, i) => ({
    data: makeCar(r, t, year),
    status: r.chance(0.12) ? 'pending' : 'available',
    // Arrived within the last 100 days, in the order of the list (newest last).
    createdAt: new Date(now.getTime() - (stock.length - i) * 1.3 * DAY - r.int(0, 12 * 3600) * 1000),
    photos: 2,
  }));
  // Three cars on sale had a sale cancelled earlier.
  for (const i of [3, 17, 40]) {
    plan[i].sale = { date: new Date(plan[i].createdAt.getTime() + 5 * DAY), cancelled: true };
    plan[i].status = 'available';
  }
  const popular = CAR_TEMPLATES.filter((t) => (t.weight ?? 1) > 1 || t.tier === 0);
  for (let i = 0; i < 42; i++) {
    const t = r.chance(0.75) ? r.pick(popular) : r.pick(CAR_TEMPLATES);
    const monthsAgo = Math.floor((i / 42) * 24);
    const date = new Date(now.getTime() - (monthsAgo * 30.4 + r.int(0, 29)) * DAY);
    const saleDate = date.getTime() > now.getTime() - DAY ? new Date(now.getTime() - DAY) : date;
    plan.push({
      data: makeCar(r, t, Number(vnDayKey(saleDate).slice(0, 4))),
      status: 'sold',
      createdAt: new Date(saleDate.getTime() - r.int(8, 75) * DAY),
      photos: 1,
      sale: { date: saleDate },
    });
  }
  return { plan, r };
}

export const seedDemoCars: DemoSeeder = async (ctx, services) => {
  const cars = services.cars as CarsService;
  const sales = services.sales as SalesService;
  const users = services.users as UsersService;
  const jobs = services.jobs as JobQueue;
  const now = new Date();
  const { plan, r } = planDemoCars(now);

  const staff = (await users.list({ page: 1, size: 100 })).content;
  const sellers = staff.filter((u) => u.role === 'STAFF' && u.active);
  const admin = staff.find((u) => u.role === 'ADMIN');
  const carSellers = sellers.filter((u) => u.permissions.includes('MANAGE_CAR'));
  const pickSeller = () =>
    (carSellers.length && r.chance(0.6) ? r.pick(carSellers) : sellers.length ? r.pick(sellers) : admin)!;

  // A sold car's true cost as the sale recorded it: what was paid, the usual transport, papers and wash,
  // its reconditioning, and the money tied up from purchase to sale (docs/car-costs.md). Its own
  // sequence, so the sales and buyers drawn from `r` stay as they were.
  const extras = rng(20_261_129);
  const withTrueCost = (purchasePrice: number | null, p: Planned, salePrice: number) => {
    if (purchasePrice === null || p.sale?.cancelled || !p.sale) return { purchasePrice };
    const bought = p.createdAt.getTime() - extras.int(2, 9) * DAY;
    const heldDays = Math.max(0, Math.round((p.sale.date.getTime() - bought) / DAY));
    const holding = Math.round((purchasePrice * DEFAULT_STOCK_COSTS.holdingRate * heldDays) / 365);
    const recon = Math.round((purchasePrice * extras.int(10, 45)) / 1_000 / 1_000_000) * 1_000_000;
    const trueCost = purchasePrice + extras.int(10, 45) * 100_000 + recon + holding;
    return { purchasePrice, trueCost, trueMargin: salePrice - trueCost };
  };
  // Its own sequence, so the price drops leave the sales and buyers drawn from `r` as they were.
  const drops = rng(20_261_124);
  const priceDrops = plan.map((p) =>
    planPriceDrop(drops, { status: p.status, createdAt: p.createdAt, sellPrice: p.data.sellPrice }, now),
  );
  await ctx.db.transaction(async (tx) => {
    // One statement for every car; their photos are drawn after start (demo-photos.ts), scheduled below
    // in this same transaction, so a seeded showroom always has its photos on the way.
    const ids = await insertSeededCars(
      tx,
      plan.map((p, i) => ({ ...p.data, status: p.status, createdAt: p.createdAt, priceDrop: priceDrops[i] })),
    );
    const seeded: SeededCar[] = [];
    for (const [i, p] of plan.entries()) {
      const carId = ids[i];
      seeded.push({ id: carId, ...p.data, createdAt: p.createdAt });
      if (!p.sale) continue;
      const buyer = person(r);
      const seller = pickSeller();
      const salePrice = Math.round((p.data.sellPrice * (1 - r.int(0, 30) / 1000)) / 1_000_000) * 1_000_000;
      const at = vnTime(vnDayKey(p.sale.date), '10:00');
      await sales.insertSeeded(tx, {
        carId,
        carName: p.data.carName,
        brand: p.data.brand,
        listPrice: p.data.sellPrice,
        buyerName: buyer.name,
        buyerPhone: buyer.phone,
        buyerEmail: buyer.email,
        salePrice,
        ...withTrueCost(
          r.chance(0.85) ? Math.round((salePrice * (0.86 + r.next() * 0.06)) / 1_000_000) * 1_000_000 : null,
          p,
          salePrice,
        ),
        saleDate: vnDayKey(p.sale.date),
        paymentMethod: paymentMethod(r),
        salespersonId: seller.userId,
        note: r.pick(NOTES),
        createdBy: seller.userId,
        createdAt: at,
        ...(p.sale.cancelled
          ? {
              cancelledAt: new Date(at.getTime() + 2 * DAY),
              cancelledBy: admin?.userId ?? seller.userId,
              cancelReason: r.pick([
                'Khách đổi ý, hoàn cọc',
                'Khách không được duyệt khoản vay',
                'Khách chuyển sang xe khác',
              ]),
            }
          : {}),
      });
    }
    await seedCarRecords(tx, seeded);
    await scheduleDemoPhotos(
      jobs,
      tx,
      plan.map((p, i) => ({ id: ids[i], ...photoSubject(p.data), photos: p.photos })),
      now,
    );
  });
  cars.invalidate();
};
