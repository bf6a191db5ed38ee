import type { BodyType, Fuel, Transmission } from '../../src/contract/cars';
import type { Colour, InfoTopic, Purpose } from '../../src/contract/query';
import type { ReplyKind } from '../../src/server/modules/chatbot/advisor/advisor';

/**
 * Questions buyers really ask, as they type them: with and without accents, slang ("củ", "mẹc",
 * "con"), typos ("huyndai", "vinfat"), run-together names ("cx5"). Each row says what the parser must
 * extract from the last message and what the answer must be like. The test showroom is
 * test/advisor/inventory.ts; the date is 21/11/2026.
 */
export interface Expected {
  /** [min, max] in VND; null for an open side. */
  budget?: [number | null, number | null];
  brands?: string[];
  models?: string[];
  bodyTypes?: BodyType[];
  seatsMin?: number;
  seatsMax?: number;
  fuels?: Fuel[];
  transmission?: Transmission;
  yearMin?: number;
  yearMax?: number;
  odoMax?: number;
  colours?: Colour[];
  purposes?: Purpose[];
  info?: InfoTopic[];
  instalment?: boolean;
  testDrive?: boolean;
  maintenance?: boolean;
  compare?: boolean;
  cheaper?: boolean;
}

export interface Question {
  q: string;
  /** Earlier user messages of the same conversation (each answered by the advisor first). */
  before?: string[];
  expect: Expected;
  /** Kinds of answer accepted. */
  kind: ReplyKind[];
  /** At least this many cars named (default 0). */
  minCars?: number;
  /** The answer must match exactly, without stretching the budget or giving up a wish. */
  exact?: boolean;
  /** Text the answer must contain. */
  mentions?: string[];
}

const M = 1_000_000;
const B = 1_000_000_000;

export const QUESTIONS: Question[] = [
  // ------------------------------------------------------------------ budget in every form
  {
    q: 'Mình muốn tìm xe dưới 700 triệu',
    expect: { budget: [null, 700 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'tầm 1 tỷ thì mua được xe gì',
    expect: { budget: [900 * M, 1.1 * B] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'tam 1 ty nen mua xe gi a',
    expect: { budget: [900 * M, 1.1 * B] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'Có xe nào khoảng 500-600tr không shop?',
    expect: { budget: [500 * M, 600 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'ngân sách 1,2 tỷ mua xe gì hợp lý',
    expect: { budget: [null, 1.2 * B] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'có 800 củ thì lấy được con gì',
    expect: { budget: [null, 800 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe không quá 900 triệu, ưu tiên đời mới',
    expect: { budget: [null, 900 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'tài chính khoảng 1 tỷ 2 tìm suv',
    expect: { budget: [1.08 * B, 1.32 * B], bodyTypes: ['SUV', 'CROSSOVER'] },
    kind: ['search'],
    minCars: 1,
  },
  {
    q: 'xe trên 1 tỷ có những xe nào',
    expect: { budget: [1 * B, null] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'tầm giá từ 400 đến 500 triệu',
    expect: { budget: [400 * M, 500 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'nửa tỷ mua được sedan nào',
    expect: { budget: [450 * M, 550 * M], bodyTypes: ['SEDAN'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'duoi 400tr co xe nao so tu dong ko',
    expect: { budget: [null, 400 * M], transmission: 'AUTOMATIC' },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: '2 tỷ đổ lại có xe sang nào không',
    expect: { budget: [null, 2 * B], purposes: ['luxury'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'bảy trăm triệu mua xe 7 chỗ được không',
    expect: { budget: [630 * M, 770 * M], seatsMin: 7 },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },

  // ------------------------------------------------------------------ brands and models
  {
    q: 'cx5 đời 2020 giá bao nhiêu',
    expect: { models: ['CX-5'], yearMin: 2020, yearMax: 2020 },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'có mazda cx-5 màu đỏ không',
    expect: { brands: ['Mazda'], models: ['CX-5'], colours: ['do'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'shop còn vin fast không',
    expect: { brands: ['VinFast'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'vinfat lux a2.0 con khong',
    expect: { brands: ['VinFast'], models: ['Lux A2.0'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'có con mec nào dưới 1 tỷ 5 không',
    expect: { brands: ['Mercedes-Benz'], budget: [null, 1.5 * B] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'mẹc c200 cũ giá sao',
    expect: { brands: ['Mercedes-Benz'], models: ['C-Class'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'huyndai santafe may dau',
    expect: { brands: ['Hyundai'], models: ['Santa Fe'], fuels: ['DIESEL'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'Toyota Vios số sàn còn chiếc nào',
    expect: { models: ['Vios'], brands: ['Toyota'], transmission: 'MANUAL' },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'so sánh CX5 với CRV giúp mình',
    expect: { models: ['CX-5', 'CR-V'], compare: true },
    kind: ['compare'],
    minCars: 2,
  },
  {
    q: 'xe kia morning cu',
    expect: { brands: ['Kia'], models: ['Morning'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'có bmw 320i không',
    expect: { brands: ['BMW'], models: ['3 Series'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'Peugeot 3008 đời 2021',
    expect: { brands: ['Peugeot'], models: ['3008'], yearMin: 2021, yearMax: 2021 },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'Ford Ranger Wildtrak còn không em',
    expect: { models: ['Ranger'], brands: ['Ford'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'xe porsche cayenne có không',
    expect: { models: ['Cayenne'], brands: ['Porsche'] },
    kind: ['search'],
  },

  // ------------------------------------------------------------------ body and seats
  { q: 'tư vấn xe bán tải', expect: { bodyTypes: ['PICKUP'] }, kind: ['search'], minCars: 3, exact: true },
  {
    q: 'xe gầm cao cho gia đình',
    expect: { bodyTypes: ['SUV', 'CROSSOVER'], purposes: ['family'], seatsMin: 5 },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'cần xe 7 chỗ dưới 1 tỷ',
    expect: { seatsMin: 7, budget: [null, 1 * B] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe 7 cho may dau so tu dong',
    expect: { seatsMin: 7, fuels: ['DIESEL'], transmission: 'AUTOMATIC' },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'tìm xe gia đình 5 chỗ tầm 600 triệu',
    expect: { seatsMin: 5, seatsMax: 5, purposes: ['family'], budget: [540 * M, 660 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'hatchback nhỏ gọn cho nữ đi phố',
    // Who drives says nothing of how well: no "người mới lái" here.
    expect: { bodyTypes: ['HATCHBACK'], purposes: ['city'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe mpv dưới 600tr',
    expect: { bodyTypes: ['MPV'], budget: [null, 600 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  { q: 'cần xe 16 chỗ chở khách', expect: { seatsMin: 16 }, kind: ['search'], minCars: 1, exact: true },
  {
    q: 'sedan hạng C tầm 800 triệu',
    expect: { bodyTypes: ['SEDAN'], budget: [720 * M, 880 * M] },
    kind: ['search'],
    minCars: 2,
    exact: true,
  },

  // ------------------------------------------------------------------ fuel and gearbox
  {
    q: 'xe máy dầu đi đường dài',
    expect: { fuels: ['DIESEL'], purposes: ['long_trip'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  { q: 'Có xe điện nào không ạ', expect: { fuels: ['ELECTRIC'] }, kind: ['search'], minCars: 2, exact: true },
  {
    q: 'xe hybrid tiết kiệm xăng',
    expect: { fuels: ['HYBRID'], purposes: ['economy'] },
    kind: ['search'],
    minCars: 2,
    exact: true,
  },
  { q: 'xe so san gia re', expect: { transmission: 'MANUAL' }, kind: ['search'], minCars: 3, exact: true },
  {
    q: 'xe số tự động cho người mới lái dưới 500 triệu',
    expect: { transmission: 'AUTOMATIC', purposes: ['beginner'], budget: [null, 500 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'bán tải số sàn máy dầu',
    expect: { bodyTypes: ['PICKUP'], transmission: 'MANUAL', fuels: ['DIESEL'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },

  // ------------------------------------------------------------------ year, km, colour
  {
    q: 'xe đời 2020 trở lên dưới 600 triệu',
    expect: { yearMin: 2020, budget: [null, 600 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'doi 2022 tro len, odo duoi 30k',
    expect: { yearMin: 2022, odoMax: 30_000 },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe đi dưới 50 nghìn km màu trắng',
    expect: { odoMax: 50_000, colours: ['trang'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'odo dưới 3 vạn, đời từ 2021',
    expect: { odoMax: 30_000, yearMin: 2021 },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe màu đen hoặc xám tầm 1 tỷ',
    expect: { colours: ['den', 'xam'], budget: [900 * M, 1.1 * B] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'xe mau do cho vo di lam',
    expect: { colours: ['do'], purposes: ['city'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe sản xuất trước 2020 giá rẻ',
    expect: { yearMax: 2019 },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe dưới 5 năm tuổi tầm 700tr',
    expect: { yearMin: 2021, budget: [630 * M, 770 * M] },
    kind: ['search'],
    minCars: 2,
    exact: true,
  },
  {
    q: 'suv 7 chỗ máy dầu màu đỏ dưới 800 triệu',
    expect: {
      bodyTypes: ['SUV', 'CROSSOVER'],
      seatsMin: 7,
      fuels: ['DIESEL'],
      colours: ['do'],
      budget: [null, 800 * M],
    },
    kind: ['search'],
    minCars: 1,
  },

  // ------------------------------------------------------------------ purpose
  {
    q: 'tu van xe chay dich vu tam 500tr',
    expect: { purposes: ['service'], budget: [450 * M, 550 * M] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'mình cần xe chạy grab, tiết kiệm',
    expect: { purposes: ['service', 'economy'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  { q: 'xe đi phố nhỏ gọn dễ đỗ', expect: { purposes: ['city'] }, kind: ['search'], minCars: 3, exact: true },
  {
    q: 'xe hay đi phượt đường xấu',
    expect: { purposes: ['rough_road'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'cần xe chở hàng đi giao hàng',
    expect: { purposes: ['cargo'], bodyTypes: ['PICKUP', 'VAN'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },
  {
    q: 'xe sang trọng để tiếp khách',
    expect: { purposes: ['luxury'] },
    kind: ['search'],
    minCars: 3,
    exact: true,
  },

  // ------------------------------------------------------------------ follow-ups in the conversation
  {
    q: 'còn xe nào rẻ hơn không?',
    before: ['xe 7 chỗ máy dầu dưới 1 tỷ 1'],
    expect: { cheaper: true },
    kind: ['followup'],
    minCars: 1,
  },
  {
    q: 'xe thứ hai đi bao nhiêu km rồi?',
    before: ['Tìm xe gầm cao 7 chỗ máy dầu dưới 1 tỷ 1'],
    expect: {},
    kind: ['detail'],
    minCars: 1,
    mentions: [' km'],
  },
  {
    q: 'so sánh hai xe đầu',
    before: ['xe sedan tầm 500 triệu'],
    expect: { compare: true },
    kind: ['compare'],
    minCars: 2,
  },
  {
    q: 'xe dau tien mau gi vay',
    before: ['honda city'],
    expect: {},
    kind: ['detail'],
    minCars: 1,
    mentions: ['màu ngoại thất'],
  },
  {
    q: 'còn màu đen không',
    before: ['toyota vios'],
    expect: { colours: ['den'] },
    kind: ['search'],
    minCars: 1,
    exact: true,
  },
  {
    q: 'trả góp xe này mỗi tháng bao nhiêu?',
    before: ['mazda cx-5 màu đỏ'],
    expect: { instalment: true },
    kind: ['instalment'],
    minCars: 1,
    mentions: ['Tháng đầu trả khoảng'],
  },
  {
    q: 'xe thứ 3 trả trước 30% vay 5 năm thì sao',
    before: ['xe 7 chỗ dưới 1 tỷ'],
    expect: { instalment: true },
    kind: ['instalment'],
    minCars: 1,
    mentions: ['trong 60 tháng'],
  },
  {
    q: 'đăng ký lái thử xe này thế nào',
    before: ['honda civic'],
    expect: { testDrive: true },
    kind: ['test_drive'],
    minCars: 1,
    mentions: ['/testdrive?carId='],
  },

  // ------------------------------------------------------------------ showroom, services, other
  {
    q: 'showroom ở đâu vậy',
    expect: { info: ['address'] },
    kind: ['info'],
    mentions: ['123 Nguyễn Văn Linh'],
  },
  {
    q: 'cho xin số điện thoại hotline',
    expect: { info: ['phone'] },
    kind: ['info'],
    mentions: ['0909 123 456'],
  },
  {
    q: 'shop mo cua may gio, chu nhat co lam ko',
    expect: { info: ['hours'] },
    kind: ['info'],
    mentions: ['8:00 - 18:00'],
  },
  {
    q: 'trả góp thì lãi suất thế nào',
    expect: { instalment: true },
    kind: ['instalment'],
    mentions: ['dư nợ giảm dần'],
  },
  {
    q: 'mua xe 800 triệu trả trước 300 triệu thì mỗi tháng trả bao nhiêu',
    expect: { instalment: true, budget: [720 * M, 880 * M] },
    kind: ['instalment'],
    mentions: ['Tháng đầu trả khoảng'],
  },
  {
    q: 'muốn lái thử xe thì làm sao',
    expect: { testDrive: true },
    kind: ['test_drive'],
    mentions: ['/testdrive'],
  },
  {
    q: 'đặt lịch bảo dưỡng xe ở đâu',
    expect: { maintenance: true, info: ['address'] },
    kind: ['maintenance'],
    mentions: ['/maintenance', '123 Nguyễn Văn Linh'],
  },
  { q: 'hôm nay trời có mưa không', expect: {}, kind: ['fallback'], mentions: ['0909 123 456'] },
  { q: 'xin chào', expect: {}, kind: ['greeting'] },
  { q: 'tư vấn giúp mình mua xe với', expect: {}, kind: ['suggest'], minCars: 1 },
];
