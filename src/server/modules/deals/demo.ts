import type { ChecklistItem, ChecklistStatus, DealStatus, TransferStep } from '../../../contract/deal-labels';
import type { DealCreate, DealView } from '../../../contract/deals';
import { vnDayKey } from '../../../contract/format';
import { vnTime } from '../../../contract/vn-time';
import type { DemoSeeder } from '../../db/seed/bootstrap';
import { type DealCarPlan, seedDemoDealCars } from '../../db/seed/demo-deal-cars';
import type { StaffActor } from '../../platform/actor';
import { ManualClock } from '../../platform/clock';
import type { CarsService } from '../cars/service';
import type { UsersService } from '../users/service';
import type { WebConfigService } from '../web-config/service';
import type { Deals } from './index';

const DAY = 86_400_000;
const million = (n: number) => Math.round(n / 1_000_000) * 1_000_000;

/**
 * The cars of the demo's deals, one per deal; the Tucson's first buyer walked away before the second
 * bought it (the cancelled deal). Listed 4 to 11 weeks ago.
 */
export const DEMO_DEAL_CARS: DealCarPlan[] = [
  { brand: 'Hyundai', model: 'Santa Fe', listedDaysAgo: 33 },
  { brand: 'Mitsubishi', model: 'Xpander', listedDaysAgo: 27 },
  { brand: 'Toyota', model: 'Fortuner', listedDaysAgo: 44 },
  { brand: 'Ford', model: 'Everest', listedDaysAgo: 52 },
  { brand: 'Hyundai', model: 'Tucson', listedDaysAgo: 61 },
  { brand: 'Toyota', model: 'Innova', listedDaysAgo: 76 },
];

/** Papers received as far as a deal has come (the notarised contract or the invoice: whichever it needs). */
const PAPERS: Record<
  Exclude<DealStatus, 'quote' | 'cancelled'>,
  [ChecklistItem | 'contract', ChecklistStatus][]
> = {
  deposit: [['buyerId', 'received']],
  contract_signed: [
    ['buyerId', 'checked'],
    ['registration', 'received'],
    ['inspection', 'received'],
    ['contract', 'received'],
  ],
  paid: [
    ['buyerId', 'checked'],
    ['registration', 'checked'],
    ['inspection', 'checked'],
    ['contract', 'checked'],
    ['insurance', 'received'],
  ],
  handed_over: [
    ['buyerId', 'checked'],
    ['registration', 'checked'],
    ['inspection', 'checked'],
    ['contract', 'checked'],
    ['insurance', 'checked'],
    ['withdrawal', 'received'],
  ],
  transferred: [
    ['buyerId', 'checked'],
    ['registration', 'checked'],
    ['inspection', 'checked'],
    ['contract', 'checked'],
    ['insurance', 'checked'],
    ['withdrawal', 'checked'],
  ],
};

const HANDOVER = {
  keys: 2,
  papers: ['Cà vẹt (bản gốc)', 'Giấy chứng nhận đăng kiểm', 'Bảo hiểm bắt buộc TNDS', 'Sổ bảo dưỡng'],
  accessories: ['Thảm sàn', 'Phim cách nhiệt', 'Camera hành trình', 'Bộ dụng cụ và lốp dự phòng'],
  condition: 'Xe sạch, không trầy xước mới; khách đã lái thử và kiểm tra cùng nhân viên.',
};

/**
 * The demo showroom's deals, one or more in every status, played through the deals module day by day
 * on their own clock (weeks ago up to yesterday) as a salesperson would have: quotes, deposits, the
 * contract, a loan refused and one disbursed, the balance, the handover (which records the sale and
 * sells the car) and the transfer steps. Nobody is told (no mail, Zalo or bell). See docs/deals.md.
 */
export const seedDemoDeals: DemoSeeder = async (ctx, services) => {
  const all = services.deals as Deals | undefined;
  const users = services.users as UsersService;
  if (!all) return;
  const staff = (await users.list({ page: 1, size: 100 })).content;
  const admin = staff.find((u) => u.role === 'ADMIN' && u.active);
  const seller = staff.find((u) => u.role === 'STAFF' && u.active && u.permissions.includes('MANAGE_CAR'));
  if (!admin) return;
  const actor = (u: typeof admin): StaffActor => ({
    ...{ userId: u.userId, username: u.username, role: u.role, permissions: u.permissions },
    ...{ ip: null, sessionId: 'demo-seed' },
  });
  const sells = actor(seller ?? admin);
  const boss = actor(admin);
  const banks = (await (services.webConfig as WebConfigService).get()).partnerBanks;
  const cars = await seedDemoDealCars(ctx, services, DEMO_DEAL_CARS, boss.userId);
  const now = ctx.clock.now();
  const clock = new ManualClock(now);
  const deals = all.quietlyAt(clock);
  /**
   * The clock at a time of a day before today (never in the future). Each step lets the event loop turn
   * first: the server is still loading its plugins while the showroom is seeded, and waits for them.
   */
  const on = async (daysAgo: number, hhmm: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    clock.set(vnTime(vnDayKey(new Date(now.getTime() - daysAgo * DAY)), hhmm));
  };

  const open = (car: number, customer: DealCreate['customer'], extra: Partial<DealCreate> = {}) =>
    deals.service.create({ carId: cars[car].carId, customer, ...extra }, sells);
  const pay = (
    deal: DealView,
    kind: 'deposit' | 'balance' | 'refund',
    method: 'cash' | 'transfer',
    amount: number,
    note: string,
  ) =>
    deals.service.addPayment(
      deal.dealId,
      {
        kind,
        method,
        amount,
        reference: method === 'transfer' ? `FT${deal.code.slice(2)}${kind[0]}` : '',
        note,
      },
      sells,
    );
  const move = (deal: DealView, status: DealStatus, reason?: string, by = sells) =>
    deals.move(deal.dealId, { status, reason }, by);
  const papers = (deal: DealView, stage: keyof typeof PAPERS) => {
    const needed = new Set(deal.checklist.map((c) => c.item));
    const contract = needed.has('invoice') ? 'invoice' : 'notarisedContract';
    const items = PAPERS[stage]
      .map(([item, status]) => ({ item: item === 'contract' ? contract : item, status }))
      .filter((p) => needed.has(p.item));
    return deals.service.afterSale.setPapers(deal.dealId, items, sells);
  };
  const steps = async (deal: DealView, done: [TransferStep, number][]) => {
    for (const [step, daysAgo] of done) {
      await on(daysAgo, '10:30');
      await deals.service.afterSale.setStep(deal.dealId, step, { done: true }, sells);
    }
  };
  /** What the buyer still owes, paid in one go. */
  const settle = async (deal: DealView, method: 'cash' | 'transfer', note: string) => {
    const due = (await deals.service.get(deal.dealId)).money.balanceDue;
    return due > 0 ? pay(deal, 'balance', method, due, note) : deal;
  };
  const vehicle = (deal: DealView, plate: string) =>
    deals.service.update(
      deal.dealId,
      {
        vehicle: {
          vin: `RL${deal.code.slice(2)}${String(deal.dealId).padStart(9, '0')}`,
          engineNumber: `G4${String(deal.dealId * 7919).padStart(7, '0')}`,
          plate,
        },
      },
      sells,
    );

  // Báo giá: yesterday's quote, a little off the list price, the second viewing booked.
  await on(1, '16:20');
  const quote = await open(
    0,
    { fullName: 'Trương Minh Khôi', phone: '0908172634', email: 'khoi.truong86@gmail.com' },
    { price: million(cars[0].data.sellPrice - 15_000_000) },
  );
  await deals.service.update(
    quote.dealId,
    { note: 'Khách xem xe hai lần, chờ vợ đồng ý; hẹn lái thử lại cuối tuần.' },
    sells,
  );

  // Đặt cọc: the deposit in cash at the showroom, the buyer's CCCD copied.
  await on(5, '09:40');
  let deal = await open(1, {
    fullName: 'Lâm Thị Thu Hằng',
    phone: '0937481205',
    idNumber: '079190014523',
    address: '45/12 Lê Văn Sỹ, Phường Nhiêu Lộc, TP. Hồ Chí Minh',
  });
  await on(4, '15:10');
  deal = await pay(deal, 'deposit', 'cash', 20_000_000, 'Khách đặt cọc tiền mặt tại showroom');
  deal = await move(deal, 'deposit');
  await papers(deal, 'deposit');

  // Đã ký hợp đồng: deposit by transfer, the contract signed, a loan application at a partner bank.
  await on(10, '10:15');
  deal = await open(2, {
    fullName: 'Đoàn Văn Tâm',
    phone: '0983226417',
    email: 'tamdoan.kt@gmail.com',
    idNumber: '001085031772',
    address: '12 Nguyễn Thị Thập, Phường Tân Hưng, TP. Hồ Chí Minh',
  });
  await on(9, '14:00');
  deal = await pay(deal, 'deposit', 'transfer', 50_000_000, 'Đặt cọc chuyển khoản');
  deal = await move(deal, 'deposit');
  await on(6, '09:30');
  await vehicle(deal, '51K-482.37');
  deal = await move(deal, 'contract_signed');
  await papers(deal, 'contract_signed');
  const lender = banks[1] ?? banks[0];
  if (lender)
    deal = await deals.loans.apply(
      deal.dealId,
      {
        bankName: lender.name,
        amount: million(deal.price * Math.min(0.6, lender.maxLoanRatio)),
        termMonths: Math.min(60, lender.maxTermMonths),
      },
      sells,
    );

  // Đã thanh toán: the bank lent half, disbursed to the showroom; the rest paid by transfer.
  await on(16, '11:00');
  deal = await open(3, {
    fullName: 'Mạc Thị Ngọc Ánh',
    phone: '0918305562',
    email: 'ngocanh.mac@yahoo.com',
    idNumber: '068192007341',
    address: '88 Phan Đình Phùng, Phường 2, TP. Đà Lạt, Lâm Đồng',
  });
  await on(15, '09:20');
  deal = await pay(deal, 'deposit', 'transfer', 50_000_000, 'Đặt cọc chuyển khoản');
  deal = await move(deal, 'deposit');
  await on(13, '15:30');
  await vehicle(deal, '49A-301.58');
  deal = await move(deal, 'contract_signed');
  const bank = banks[0];
  if (bank) {
    deal = await deals.loans.apply(
      deal.dealId,
      {
        bankName: bank.name,
        amount: million(deal.price * 0.5),
        termMonths: Math.min(72, bank.maxTermMonths),
      },
      sells,
    );
    const loanId = deal.loans[0].loanId;
    await on(9, '16:45');
    await deals.loans.decide(
      deal.dealId,
      loanId,
      { status: 'approved', conditions: 'Thế chấp chính chiếc xe; bảo hiểm vật chất xe trong thời hạn vay' },
      sells,
    );
    await on(6, '10:05');
    deal = await deals.loans.decide(deal.dealId, loanId, { status: 'disbursed', conditions: '' }, sells);
  }
  await on(5, '14:30');
  deal = await settle(deal, 'transfer', 'Khách chuyển phần còn lại');
  deal = await move(deal, 'paid');
  await papers(deal, 'paid');
  await deals.service.update(deal.dealId, { note: 'Hẹn bàn giao xe sáng thứ Bảy.' }, sells);

  // Đã hủy: the Tucson's first buyer, refused by the bank; the deposit refunded.
  await on(30, '10:00');
  deal = await open(4, {
    fullName: 'Huỳnh Quốc Việt',
    phone: '0773519046',
    idNumber: '080088012694',
    address: 'Ấp 3, Xã Mỹ Hạnh Nam, Tây Ninh',
  });
  await on(29, '11:20');
  deal = await pay(deal, 'deposit', 'transfer', 30_000_000, 'Đặt cọc chuyển khoản');
  deal = await move(deal, 'deposit');
  await papers(deal, 'deposit');
  const strict = banks[2] ?? banks[0];
  if (strict) {
    deal = await deals.loans.apply(
      deal.dealId,
      {
        bankName: strict.name,
        amount: million(deal.price * Math.min(0.7, strict.maxLoanRatio)),
        termMonths: Math.min(84, strict.maxTermMonths),
      },
      sells,
    );
    await on(25, '15:00');
    deal = await deals.loans.decide(
      deal.dealId,
      deal.loans[0].loanId,
      { status: 'rejected', conditions: 'Thu nhập chứng minh chưa đủ so với khoản trả hằng tháng' },
      sells,
    );
  }
  await on(24, '09:15');
  deal = await move(
    deal,
    'cancelled',
    'Ngân hàng từ chối khoản vay, khách không đủ tiền trả thẳng; hoàn lại tiền cọc',
  );
  await on(23, '14:40');
  await pay(deal, 'refund', 'transfer', 30_000_000, 'Hoàn cọc cho khách theo thỏa thuận');

  // Đã bàn giao: the Tucson sold to the next buyer, the papers half-way through the transfer.
  await on(21, '17:00');
  deal = await open(4, {
    fullName: 'Phan Thanh Tùng',
    phone: '0902648153',
    email: 'tung.phanthanh@outlook.com',
    idNumber: '079087025816',
    address: '102 Trần Não, Phường An Khánh, TP. Hồ Chí Minh',
  });
  await on(20, '10:30');
  deal = await pay(deal, 'deposit', 'transfer', 30_000_000, 'Đặt cọc chuyển khoản');
  deal = await move(deal, 'deposit');
  await on(17, '09:00');
  await vehicle(deal, '51H-736.20');
  deal = await move(deal, 'contract_signed');
  await on(14, '15:20');
  deal = await settle(deal, 'transfer', 'Thanh toán đủ trước khi nhận xe');
  deal = await move(deal, 'paid');
  await on(13, '09:30');
  await deals.service.update(
    deal.dealId,
    { handover: { odometerKm: cars[4].data.odo + 40, ...HANDOVER } },
    sells,
  );
  deal = await move(deal, 'handed_over');
  await papers(deal, 'handed_over');
  await steps(deal, [
    ['withdraw', 9],
    ['submit', 5],
  ]);

  // Hoàn tất sang tên: a car taken in part-exchange, the rest paid in cash the next day, every step done.
  await on(50, '10:10');
  deal = await open(
    5,
    {
      fullName: 'Tô Thị Kim Oanh',
      phone: '0389174526',
      email: 'kimoanh.to@gmail.com',
      idNumber: '075186009218',
      address: '27 Đồng Khởi, Phường Hòa Bình, Biên Hòa, Đồng Nai',
    },
    {
      price: million(cars[5].data.sellPrice - 10_000_000),
      tradeIn: { description: 'Toyota Vios 1.5E 2016 số sàn, 98.000 km', value: 235_000_000 },
    },
  );
  await on(50, '10:40');
  deal = await pay(deal, 'deposit', 'cash', 20_000_000, 'Khách đặt cọc tiền mặt giữ xe');
  deal = await move(deal, 'deposit');
  await vehicle(deal, '60K-215.94');
  await on(49, '14:00');
  deal = await move(deal, 'contract_signed');
  deal = await settle(deal, 'cash', 'Khách trả tiền mặt phần chênh lệch sau khi trừ xe đổi');
  deal = await move(deal, 'paid');
  await on(47, '10:00');
  await deals.service.update(
    deal.dealId,
    { handover: { odometerKm: cars[5].data.odo + 25, ...HANDOVER, keys: 1 } },
    boss,
  );
  deal = await move(deal, 'handed_over', undefined, boss);
  await steps(deal, [
    ['withdraw', 42],
    ['submit', 38],
    ['receive', 29],
    ['deliver', 27],
  ]);
  await papers(deal, 'transferred');
  deal = await move(deal, 'transferred');
  // Held and sold cars: the catalogue, the deal labels and the rendered pages read them afresh.
  (services.cars as CarsService).invalidate();
};
