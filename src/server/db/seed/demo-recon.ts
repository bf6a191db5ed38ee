import { BODY_TYPE_LABELS, type CarData, carInput } from '../../../contract/cars';
import { vnDayKey } from '../../../contract/format';
import type { ReconItemData, ReconItemGroup } from '../../../contract/recon';
import type { CarsService } from '../../modules/cars/service';
import type { InspectionsService } from '../../modules/inspections/service';
import type { ReconService } from '../../modules/recon';
import type { UsersService } from '../../modules/users/service';
import { type StaffActor, SYSTEM_ACTOR } from '../../platform/actor';
import { prepareImage } from '../../platform/images';
import type { DemoSeeder } from './bootstrap';
import { drawCarPhoto } from './demo-cars-photos';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Item = [title: string, group: ReconItemGroup, parts: number, labour: number, vendor: string | null];

interface Prepared {
  car: Partial<CarData> & Pick<CarData, 'carName' | 'brand' | 'model' | 'year' | 'sellPrice' | 'odo'>;
  stage: string;
  /** Days since the car was bought, hours (wall time) in its stage. */
  days: number;
  hours: number;
  inspected: boolean;
  photos: number;
  /** Items and how far each got: P(ending), A(pproved), D(one) at the cost given, R(efused). */
  items: { item: Item; state: 'P' | 'A' | 'D' | 'R'; cost?: number }[];
}

/**
 * The workshop's week in the demo showroom: cars bought from the public at every stage of the board,
 * each with the work a Vietnamese showroom would do on it (quotes from the garages it uses, the
 * manager's approvals, actual costs a little off the estimate), two of them late. Everything goes
 * through the cars, inspections and recon services.
 */
const PLAN: Prepared[] = [
  {
    car: {
      carName: 'Toyota Vios 1.5E MT',
      brand: 'Toyota',
      model: 'Vios',
      year: 2019,
      sellPrice: 395_000_000,
      odo: 68_000,
      bodyType: 'SEDAN',
      transmission: 'MANUAL',
      exteriorColor: 'Bạc',
    },
    stage: 'RECEIVED',
    days: 0,
    hours: 2,
    inspected: false,
    photos: 1,
    items: [],
  },
  {
    car: {
      carName: 'Hyundai Accent 1.4 AT',
      brand: 'Hyundai',
      model: 'Accent',
      year: 2021,
      sellPrice: 445_000_000,
      odo: 41_000,
      bodyType: 'SEDAN',
      exteriorColor: 'Trắng',
    },
    stage: 'INSPECTION',
    days: 2,
    hours: 40,
    inspected: false,
    photos: 1,
    items: [],
  },
  {
    car: {
      carName: 'Mazda CX-5 2.0 Luxury',
      brand: 'Mazda',
      model: 'CX-5',
      year: 2020,
      sellPrice: 719_000_000,
      odo: 55_000,
      bodyType: 'CROSSOVER',
      exteriorColor: 'Đỏ',
    },
    stage: 'QUOTE',
    days: 3,
    hours: 3,
    inspected: true,
    photos: 1,
    items: [
      {
        item: ['Thay má phanh và láng đĩa trước', 'UNDERBODY', 1_800_000, 400_000, 'Gara Minh Phát'],
        state: 'P',
      },
      { item: ['Đánh bóng, xử lý xước cản sau', 'BODYWORK', 0, 600_000, 'Gara Minh Phát'], state: 'P' },
    ],
  },
  {
    car: {
      carName: 'Kia Seltos 1.4 Turbo Premium',
      brand: 'Kia',
      model: 'Seltos',
      year: 2021,
      sellPrice: 615_000_000,
      odo: 38_000,
      bodyType: 'SUV',
      exteriorColor: 'Xanh',
    },
    stage: 'APPROVAL',
    days: 4,
    hours: 5,
    inspected: true,
    photos: 1,
    items: [
      {
        item: ['Thay lốp trước (2 lốp Michelin Primacy 4)', 'UNDERBODY', 5_200_000, 200_000, 'Lốp Tân Bình'],
        state: 'P',
      },
      {
        item: [
          'Bảo dưỡng 40.000 km (dầu, lọc dầu, lọc gió)',
          'ENGINE',
          1_650_000,
          350_000,
          'Kia Phạm Văn Đồng',
        ],
        state: 'A',
      },
    ],
  },
  {
    car: {
      carName: 'Ford Ranger Wildtrak 2.0 Bi-Turbo',
      brand: 'Ford',
      model: 'Ranger',
      year: 2019,
      sellPrice: 689_000_000,
      odo: 92_000,
      bodyType: 'PICKUP',
      fuel: 'DIESEL',
      drivetrain: '4WD',
      exteriorColor: 'Cam',
    },
    stage: 'REPAIR',
    days: 6,
    hours: 100,
    inspected: true,
    photos: 1,
    items: [
      {
        item: ['Thay bộ cao su càng A, rotuyn cân bằng', 'UNDERBODY', 3_400_000, 800_000, 'Gara Hùng Ford'],
        state: 'D',
        cost: 4_350_000,
      },
      {
        item: ['Vệ sinh kim phun, thay lọc nhiên liệu', 'ENGINE', 1_200_000, 900_000, 'Gara Hùng Ford'],
        state: 'A',
      },
      {
        item: ['Sơn lại cửa thùng sau bị trầy', 'BODYWORK', 900_000, 1_500_000, 'Sơn Tuấn Phát'],
        state: 'A',
      },
      { item: ['Độ nắp thùng thấp', 'OTHER', 14_000_000, 1_000_000, null], state: 'R' },
    ],
  },
  {
    car: {
      carName: 'Honda City 1.5 RS',
      brand: 'Honda',
      model: 'City',
      year: 2022,
      sellPrice: 539_000_000,
      odo: 24_000,
      bodyType: 'SEDAN',
      exteriorColor: 'Xám',
    },
    stage: 'DETAILING',
    days: 5,
    hours: 4,
    inspected: true,
    photos: 2,
    items: [
      {
        item: ['Thay ắc quy GS 45Ah', 'ELECTRICAL', 1_550_000, 0, 'Ắc quy Đồng Khánh'],
        state: 'D',
        cost: 1_550_000,
      },
      {
        item: [
          'Vệ sinh khoang máy, dọn nội thất, khử mùi',
          'DETAILING',
          300_000,
          900_000,
          'Detailing Sài Gòn',
        ],
        state: 'A',
      },
    ],
  },
  {
    car: {
      carName: 'Mitsubishi Xpander 1.5 AT',
      brand: 'Mitsubishi',
      model: 'Xpander',
      year: 2022,
      sellPrice: 558_000_000,
      odo: 31_000,
      bodyType: 'MPV',
      size: 7,
      exteriorColor: 'Trắng',
    },
    stage: 'PHOTOS',
    days: 7,
    hours: 1,
    inspected: true,
    photos: 2,
    items: [
      {
        item: ['Phục hồi đèn pha ố vàng', 'BODYWORK', 0, 700_000, 'Detailing Sài Gòn'],
        state: 'D',
        cost: 700_000,
      },
      {
        item: ['Rút hồ sơ gốc, nộp phạt nguội', 'PAPERS', 0, 1_500_000, 'Dịch vụ giấy tờ Hòa Bình'],
        state: 'D',
        cost: 1_750_000,
      },
      {
        item: ['Phủ ceramic thân xe', 'DETAILING', 2_500_000, 1_000_000, 'Detailing Sài Gòn'],
        state: 'D',
        cost: 3_200_000,
      },
    ],
  },
  {
    car: {
      carName: 'Toyota Corolla Cross 1.8V',
      brand: 'Toyota',
      model: 'Corolla Cross',
      year: 2021,
      sellPrice: 735_000_000,
      odo: 36_000,
      bodyType: 'CROSSOVER',
      exteriorColor: 'Đen',
    },
    stage: 'READY',
    days: 9,
    hours: 6,
    inspected: true,
    photos: 6,
    items: [
      {
        item: ['Bảo dưỡng cấp 40.000 km tại hãng', 'ENGINE', 2_300_000, 700_000, 'Toyota Lý Thường Kiệt'],
        state: 'D',
        cost: 2_860_000,
      },
      {
        item: ['Thay gạt mưa, bơm ga điều hòa', 'ELECTRICAL', 450_000, 350_000, 'Toyota Lý Thường Kiệt'],
        state: 'D',
        cost: 800_000,
      },
      { item: ['Dán lại phim cách nhiệt kính lái', 'INTERIOR', 1_800_000, 200_000, null], state: 'R' },
    ],
  },
];

/** A car of the plan with the form's defaults, validated as the form would be. */
function carOf(p: Prepared): CarData {
  return carInput.parse({
    version: '',
    bodyType: 'SEDAN',
    size: 5,
    fuel: 'PETROL',
    transmission: 'AUTOMATIC',
    interiorColor: 'Đen',
    origin: 'DOMESTIC',
    licensePlateRegion: 'TP.HCM',
    previousOwners: 1,
    description: 'Xe thu mua từ khách, đang được chuẩn bị trước khi đăng bán.',
    ...p.car,
    status: 'preparing',
  });
}

export const seedDemoRecon: DemoSeeder = async (_ctx, services) => {
  const cars = services.cars as CarsService;
  const recon = services.recon as ReconService;
  const users = services.users as UsersService;
  const inspections = services.inspections as InspectionsService;
  const admin = (await users.list({ page: 1, size: 100 })).content.find((u) => u.role === 'ADMIN');
  if (!admin) return;
  const actor: StaffActor = {
    ...{ userId: admin.userId, username: admin.username, ip: null, role: 'ADMIN' },
    ...{ permissions: [], sessionId: 'demo' },
  };
  // Who answers for each stage: the car manager for quotes, approvals and listing, the service lead
  // for the workshop's stages.
  const manager = await users.findByUsername('annv');
  const workshop = await users.findByUsername('dunglh');
  const settings = await recon.settings();
  const workshopStages = ['RECEIVED', 'INSPECTION', 'REPAIR', 'DETAILING'];
  await recon.saveSettings(
    {
      minListingPhotos: settings.minListingPhotos,
      stages: settings.stages.map((s) => ({
        key: s.key,
        name: s.name,
        maxHours: s.maxHours,
        ownerId: (workshopStages.includes(s.key) ? workshop?.id : manager?.id) ?? null,
      })),
    },
    SYSTEM_ACTOR,
  );
  const template = (await inspections.template.list(undefined, false)).filter((i) => !i.retired);
  const now = Date.now();
  // Every car's photos are drawn at once, up front, on sharp's threads, while the cars are written in turn.
  const planned = PLAN.map((p) => {
    const data = carOf(p);
    const images = Promise.all(
      Array.from({ length: p.photos }, (_, i) =>
        drawCarPhoto({
          title: i === 0 ? data.carName : '',
          subtitle:
            i === 0 ? `${BODY_TYPE_LABELS[data.bodyType]} · Đời ${data.year} · ${data.exteriorColor}` : '',
          bodyType: data.bodyType,
          color: data.exteriorColor,
          scene: i % 2 === 0 ? 0 : 1,
          width: 960,
        }).then((png) => prepareImage(png)),
      ),
    );
    // Awaited in order below; a failure of one is reported there, not as an unhandled rejection.
    images.catch(() => {});
    return { p, data, images };
  });
  for (const { p, data, images: drawn } of planned) {
    const images = await drawn;
    const { carId } = await cars.create(data, images, SYSTEM_ACTOR);
    await recon.placeCar(carId, {
      stage: p.stage,
      enteredAt: new Date(now - p.hours * HOUR),
      receivedAt: new Date(now - p.days * DAY - p.hours * HOUR),
    });
    if (p.inspected) {
      await inspections.save(
        carId,
        {
          inspectorName: 'Trần Minh Khoa',
          inspectedOn: vnDayKey(new Date(now - Math.max(1, p.days - 1) * DAY)),
          odometerKm: data.odo,
          conclusion: 'Máy số ổn định, khung gầm nguyên bản; cần xử lý các hạng mục hao mòn trước khi bán.',
          staffNote: '',
          results: template.map((i) => ({
            itemId: i.itemId,
            result: 'PASS' as const,
            note: '',
            photoId: null,
          })),
          markers: [],
        },
        SYSTEM_ACTOR,
      );
    }
    for (const { item, state, cost } of p.items) {
      const [title, group, parts, labour, vendor] = item;
      const body: ReconItemData = { title, group, estimate: { parts, labour }, vendor: vendor ?? undefined };
      const made = await recon.addItem(carId, body, actor);
      if (state === 'P') continue;
      if (state === 'R') {
        await recon.updateItem(made.itemId, { status: 'REJECTED' }, actor);
        continue;
      }
      await recon.updateItem(made.itemId, { status: 'APPROVED' }, actor);
      if (state === 'D') await recon.updateItem(made.itemId, { status: 'DONE', actualCost: cost }, actor);
    }
  }
  cars.invalidate();
};
