import { BODY_TYPES, CAR_SORTS, type CarSort, FUELS, TRANSMISSIONS } from '../../../../contract/cars';
import { formatKm, formatPrice } from '../../../../contract/format';
import { parseMessage } from '../../../../contract/query';
import { compactFold } from '../../../../contract/text';
import { carTitle } from '../advisor/render';
import { brandWarranty, CHECK_WITH_MAKER, termsFor, termsWords } from '../advisor/warranty';
import type { AdvisorCar, CarSearch, InventoryPort, ModelFilter } from '../inventory';

/**
 * The functions a language model may call: the same inventory port the offline advisor uses. The model
 * sees what they answer and nothing else of the database. Every car id they hand out is remembered, so
 * an answer that links a car the tools never returned is rejected as invented.
 */

export interface ToolDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object). */
  parameters: JsonSchema;
}

export interface JsonSchema {
  type: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array';
  description?: string;
  enum?: string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
}

const int = (description: string): JsonSchema => ({ type: 'integer', description });
const str = (description: string, values?: readonly string[]): JsonSchema => ({
  type: 'string',
  description,
  ...(values ? { enum: [...values] } : {}),
});

export const TOOL_DECLARATIONS: ToolDeclaration[] = [
  {
    name: 'search_cars',
    description:
      'Tìm xe đang bán trong kho của showroom theo tiêu chí. Giá tính bằng VND (1 tỷ = 1000000000, 1 triệu = 1000000). ' +
      'Trả về tối đa `limit` xe với mã (id), tên, đời, giá, số km, kiểu dáng, số chỗ, nhiên liệu, hộp số, màu và đường dẫn /cars/{id}.',
    parameters: {
      type: 'object',
      properties: {
        brand: str('Hãng xe, ví dụ Toyota, Mercedes-Benz, VinFast'),
        model: str('Dòng xe, ví dụ Vios, CX-5, Santa Fe'),
        bodyType: str('Kiểu dáng', BODY_TYPES),
        minSeats: int('Số chỗ ngồi tối thiểu'),
        fuel: str('Nhiên liệu', FUELS),
        transmission: str('Hộp số', TRANSMISSIONS),
        minPrice: int('Giá tối thiểu (VND)'),
        maxPrice: int('Giá tối đa (VND)'),
        minYear: int('Năm sản xuất tối thiểu'),
        maxYear: int('Năm sản xuất tối đa'),
        maxOdo: int('Số km đã đi tối đa'),
        color: str('Màu ngoại thất, ví dụ đen, trắng, đỏ'),
        sort: str('Thứ tự', CAR_SORTS),
        limit: int('Số xe tối đa (1-10, mặc định 5)'),
      },
    },
  },
  {
    name: 'get_car',
    description:
      'Thông tin đầy đủ của một xe theo mã: giá, đời, số km, trang bị, màu, tình trạng (đang bán, đang giao dịch, đã bán).',
    parameters: { type: 'object', properties: { carId: int('Mã xe') }, required: ['carId'] },
  },
  {
    name: 'value_car',
    description:
      'Giá tham khảo showroom có thể mua lại xe của khách (khách muốn bán xe hoặc đổi xe cũ), từ công cụ định giá của showroom: ' +
      'khoảng giá (low–high) và ước tính. Cần hãng, dòng xe, năm sản xuất và số km; thiếu thì hỏi lại khách. ' +
      'Trả về error khi chưa định giá tự động được: khi đó mời khách để showroom định giá trực tiếp.',
    parameters: {
      type: 'object',
      properties: {
        brand: str('Hãng xe'),
        model: str('Dòng xe'),
        year: int('Năm sản xuất'),
        odo: int('Số km đã đi'),
      },
      required: ['brand', 'model', 'year', 'odo'],
    },
  },
  {
    name: 'similar_prices',
    description:
      'Giá của các xe cùng dòng (hoặc cùng kiểu dáng, đời tương đương) đang bán, để đánh giá giá của một xe.',
    parameters: { type: 'object', properties: { carId: int('Mã xe') }, required: ['carId'] },
  },
  {
    name: 'car_records',
    description:
      'Hồ sơ của một xe theo mã: báo cáo kiểm định (ngày, người kiểm định, số km lúc kiểm định, kết quả từng hạng mục, ' +
      'các cam kết không đâm đụng / không ngập nước / không tua ODO chỉ khi mọi hạng mục liên quan đạt), giấy tờ ' +
      '(đăng kiểm, bảo hiểm, thế chấp, phạt nguội, xe cá nhân hay công ty), lịch sử bảo dưỡng, lịch sử km và các lần đổi giá. ' +
      'inspection = null nghĩa là xe chưa có báo cáo kiểm định: khi đó không được khẳng định tình trạng xe.',
    parameters: { type: 'object', properties: { carId: int('Mã xe') }, required: ['carId'] },
  },
  {
    name: 'showroom_info',
    description:
      'Tên, địa chỉ, điện thoại, email, giờ mở cửa của showroom, chính sách bảo hành, đổi trả, thương lượng giá, ' +
      'kiểm tra xe ở hãng, giấy tờ mua xe và sang tên, cùng các đường dẫn đặt lịch lái thử, bảo dưỡng, tư vấn.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'instalment_estimate',
    description:
      'Ước tính trả góp theo dư nợ giảm dần với lãi suất và giới hạn vay của showroom. Cho carId (hoặc price nếu chưa chọn xe); ' +
      'downPayment (VND) và termMonths là tùy chọn.',
    parameters: {
      type: 'object',
      properties: {
        carId: int('Mã xe'),
        price: int('Giá xe (VND) khi không có mã xe'),
        downPayment: int('Số tiền trả trước (VND)'),
        termMonths: int('Thời hạn vay (tháng)'),
      },
    },
  },
];

type Args = Record<string, unknown>;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' ? Number(v.replace(/[.,\s]/g, '')) : typeof v === 'number' ? v : Number.NaN;
  return Number.isFinite(n) ? Math.round(n) : undefined;
};
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined;

function carView(car: AdvisorCar) {
  return {
    id: car.id,
    name: carTitle(car),
    brand: car.brand,
    model: car.model,
    year: car.year,
    price: car.sellPrice,
    priceText: formatPrice(car.sellPrice),
    odo: car.odo,
    odoText: formatKm(car.odo),
    bodyType: car.bodyType,
    seats: car.size,
    fuel: car.fuel,
    transmission: car.transmission,
    color: car.exteriorColor,
    status: car.status,
    link: `/cars/${car.id}`,
  };
}

/** The maker's usual warranty for a car, to be checked with the maker (advisor/factory-warranty-data.ts). */
function warrantyView(car: AdvisorCar & { carName: string }) {
  const terms = termsFor(car);
  if (!terms) return { known: false, check: CHECK_WITH_MAKER };
  return {
    known: true,
    usualTerms: termsWords(terms),
    note: brandWarranty(car.brand)?.note ?? null,
    check: CHECK_WITH_MAKER,
  };
}

export class Toolbox {
  /** Ids of every car a tool answered with in this conversation turn. */
  readonly seenIds = new Set<number>();
  readonly calls: string[] = [];

  constructor(private readonly inventory: InventoryPort) {}

  get declarations() {
    return TOOL_DECLARATIONS;
  }

  /** Runs one call; errors become an `error` field the model can read, never an exception. */
  async execute(name: string, args: Args | undefined): Promise<Record<string, unknown>> {
    this.calls.push(name);
    try {
      return await this.run(name, args ?? {});
    } catch (err) {
      return { error: `Không thực hiện được: ${(err as Error).message}` };
    }
  }

  private remember<T extends { id: number }>(cars: T[]): T[] {
    for (const c of cars) this.seenIds.add(c.id);
    return cars;
  }

  private async run(name: string, a: Args): Promise<Record<string, unknown>> {
    switch (name) {
      case 'search_cars': {
        const search = this.toSearch(a);
        const cars = this.remember(await this.inventory.searchCars(search));
        return { count: cars.length, cars: cars.map(carView) };
      }
      case 'get_car': {
        const id = num(a.carId);
        const car = id ? await this.inventory.getCar(id) : null;
        if (!car) return { error: 'Không có xe với mã này' };
        this.remember([car]);
        return {
          ...carView(car),
          interiorColor: car.interiorColor,
          engine: car.engine,
          drivetrain: car.drivetrain,
          origin: car.origin,
          previousOwners: car.previousOwners,
          features: car.features.slice(0, 30),
          description: car.description.slice(0, 1500),
          testDriveLink: `/testdrive?carId=${car.id}`,
          // A deposit on the car: when the hold (or the time to pay) ends.
          hold: car.status === 'pending' ? await this.inventory.carHold(car.id) : null,
          factoryWarranty: warrantyView(car),
        };
      }
      case 'value_car': {
        const brand = text(a.brand);
        const model = text(a.model);
        const year = num(a.year);
        const odo = num(a.odo);
        if (!brand || !model || !year || odo === undefined || odo < 0)
          return { error: 'Cần hãng, dòng xe, năm sản xuất và số km' };
        const v = await this.inventory.valueCar({ brand, model, year, odo });
        return v.ok
          ? { ...v, lowText: formatPrice(v.low), highText: formatPrice(v.high), sellPage: '/sell-car' }
          : { error: v.message, sellPage: '/sell-car' };
      }
      case 'similar_prices': {
        const id = num(a.carId);
        const car = id ? await this.inventory.getCar(id) : null;
        if (!car) return { error: 'Không có xe với mã này' };
        const sameModel = await this.inventory.priceStats({
          models: [{ brandKeys: [compactFold(car.brand)], keys: [compactFold(car.model)] }],
          excludeIds: [car.id],
        });
        const sameBody = await this.inventory.priceStats({
          bodyTypes: [car.bodyType],
          yearMin: car.year - 2,
          yearMax: car.year + 2,
          excludeIds: [car.id],
        });
        return { carId: car.id, price: car.sellPrice, sameModel, sameBodyTypeSimilarYear: sameBody };
      }
      case 'car_records': {
        const id = num(a.carId);
        const records = id ? await this.inventory.carRecords(id) : null;
        if (!id || !records) return { error: 'Không có xe với mã này' };
        this.seenIds.add(id);
        return { carId: id, ...records };
      }
      case 'showroom_info': {
        const s = await this.inventory.showroom();
        return {
          ...s,
          links: {
            testDrive: '/testdrive',
            maintenance: '/maintenance',
            consulting: '/consulting',
            cars: '/cars',
          },
        };
      }
      case 'instalment_estimate': {
        const id = num(a.carId);
        const car = id ? await this.inventory.getCar(id) : null;
        if (car) this.remember([car]);
        const price = car?.sellPrice ?? num(a.price);
        if (!price || price <= 0) return { error: 'Cần mã xe hoặc giá xe' };
        const plan = await this.inventory.instalment({
          price,
          downPayment: num(a.downPayment),
          termMonths: num(a.termMonths),
        });
        return { ...(car ? { carId: car.id } : {}), ...plan, method: 'dư nợ giảm dần' };
      }
      default:
        return { error: `Không có công cụ ${name}` };
    }
  }

  /** Tool arguments -> the port's filters, reading names through the advisor's own dictionary. */
  toSearch(a: Args): CarSearch {
    const brand = text(a.brand);
    const model = text(a.model);
    const color = text(a.color);
    const parsed = parseMessage([brand, model].filter(Boolean).join(' ')).constraints;
    const brandKeys = brand ? (parsed.brands?.flatMap((b) => b.keys) ?? [compactFold(brand)]) : undefined;
    let models: ModelFilter[] | undefined;
    if (model) {
      const known = parsed.models?.map((m) => ({
        brandKeys: parsed.brands?.find((b) => b.brand === m.brand)?.keys ?? [compactFold(m.brand)],
        keys: m.keys,
      }));
      models = known?.length ? known : [{ brandKeys: brandKeys ?? [], keys: [compactFold(model)] }];
    }
    const colours = color
      ? (parseMessage(`màu ${color}`).constraints.colours ?? [compactFold(color)])
      : undefined;
    const limit = Math.min(10, Math.max(1, num(a.limit) ?? 5));
    const sort = CAR_SORTS.includes(a.sort as CarSort) ? (a.sort as CarSort) : 'year_desc';
    const s: CarSearch = {
      limit,
      sort,
      ...(models ? { models } : brandKeys ? { brandKeys } : {}),
      ...(BODY_TYPES.includes(a.bodyType as never)
        ? { bodyTypes: [a.bodyType as (typeof BODY_TYPES)[number]] }
        : {}),
      ...(num(a.minSeats) ? { seatsMin: num(a.minSeats) } : {}),
      ...(FUELS.includes(a.fuel as never) ? { fuels: [a.fuel as (typeof FUELS)[number]] } : {}),
      ...(TRANSMISSIONS.includes(a.transmission as never)
        ? { transmission: a.transmission as (typeof TRANSMISSIONS)[number] }
        : {}),
      ...(num(a.minPrice) !== undefined ? { priceMin: num(a.minPrice) } : {}),
      ...(num(a.maxPrice) !== undefined ? { priceMax: num(a.maxPrice) } : {}),
      ...(num(a.minYear) !== undefined ? { yearMin: num(a.minYear) } : {}),
      ...(num(a.maxYear) !== undefined ? { yearMax: num(a.maxYear) } : {}),
      ...(num(a.maxOdo) !== undefined ? { odoMax: num(a.maxOdo) } : {}),
      ...(colours ? { colours } : {}),
    };
    return s;
  }
}
