import { vnDayKey } from '../../../contract/format';
import type { DemoSeeder } from '../../db/seed/bootstrap';
import type { CarCostsService } from './service';

const DAY = 86_400_000;

interface StockCar {
  carId: number;
  sellPrice: number;
  status: string;
  createdAt: string;
}

const TRANSPORT = ['Xe cứu hộ chở từ Biên Hòa', 'Thuê tài xế lái từ Vũng Tàu về', 'Chở xe từ Bình Dương'];
const COMMISSION = ['Hoa hồng giới thiệu cho anh Tùng (môi giới)', 'Hoa hồng cho chị Lan giới thiệu xe'];
const OTHER = [
  'Rửa xe, đánh bóng, dọn nội thất',
  'Thay ắc quy trước khi chụp ảnh',
  'Dán phim cách nhiệt',
  'Phủ ceramic',
];

/**
 * Each car in stock gets the ledger a showroom would have typed: what was paid for it a few days before
 * it was listed, then transport, papers, a commission now and then, a wash. Most cars keep a margin of
 * 8–16 % at their price; the cars on the lot longest were bought dear, and their holding cost has eaten
 * the margin: a few of them show red in the stock list and on the stock-ageing page. Sold cars keep
 * their stories in the sales book.
 */
export const seedDemoCarCosts: DemoSeeder = async (ctx, services) => {
  const costs = services.carCosts as CarCostsService;
  const cars = services.cars as {
    adminList(q: object): Promise<{ content: StockCar[]; totalPages: number }>;
    findRow(exec: typeof ctx.db, id: number): Promise<{ originLeadId: number | null } | undefined>;
  };
  const users = services.users as { idsWithPermission(p: 'MANAGE_CAR'): Promise<number[]> };
  const staff = await users.idsWithPermission('MANAGE_CAR');
  const list: StockCar[] = [];
  for (let page = 1; ; page++) {
    const p = await cars.adminList({ page, size: 100, sort: 'newest' });
    list.push(...p.content);
    if (page >= p.totalPages) break;
  }
  let s = 20_261_128;
  const next = () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  const int = (a: number, b: number) => a + Math.floor(next() * (b - a + 1));
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
  const millions = (n: number) => Math.round(n / 1_000_000) * 1_000_000;
  const thousands = (n: number) => Math.round(n / 10_000) * 10_000;
  const today = vnDayKey(ctx.clock.now());
  // Never after today: a line planned past it is typed today.
  const day = (from: number, plus: number) => [vnDayKey(from + plus * DAY), today].sort()[0];

  const values: Parameters<CarCostsService['insertSeeded']>[1] = [];
  for (const car of list) {
    if (car.status === 'sold') continue;
    const listed = Date.parse(car.createdAt);
    const daysOnLot = Math.round((ctx.clock.now().getTime() - listed) / DAY);
    const bought = listed - int(2, 9) * DAY;
    const enteredBy = staff.length ? pick(staff) : null;
    const line = (category: string, amount: number, on: string, note = '') =>
      values.push({ carId: car.carId, category, amount, note, incurredOn: on, enteredBy });
    // A car bought in from the public already has its price from the buy-in.
    if (!(await cars.findRow(ctx.db, car.carId))?.originLeadId) {
      const share =
        daysOnLot > 90 ? 0.95 + next() * 0.03 : daysOnLot > 60 ? 0.9 + next() * 0.04 : 0.82 + next() * 0.07;
      line(
        'purchase',
        millions(car.sellPrice * share),
        day(bought, 0),
        'Mua lại của khách, thanh toán chuyển khoản',
      );
    }
    if (next() < 0.6) line('transport', thousands(int(8, 40) * 100_000), day(bought, 1), pick(TRANSPORT));
    if (next() < 0.35)
      line('paperWithdrawal', thousands(int(5, 15) * 100_000), day(bought, int(2, 5)), 'Rút hồ sơ gốc tỉnh');
    if (next() < 0.5)
      line('registrationTransfer', 150_000, day(bought, int(3, 6)), 'Lệ phí sang tên về showroom');
    if (next() < 0.4)
      line('inspection', pick([340_000, 560_000]), day(bought, int(3, 7)), 'Đăng kiểm lại trước khi bán');
    if (next() < 0.3) line('commission', thousands(int(3, 8) * 1_000_000), day(bought, 0), pick(COMMISSION));
    if (next() < 0.7) line('other', thousands(int(8, 30) * 100_000), day(bought, int(1, 4)), pick(OTHER));
  }
  await ctx.db.transaction((tx) => costs.insertSeeded(tx, values));
};
