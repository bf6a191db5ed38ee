import type { BodyType, CarSort, Fuel, Transmission } from '../cars';

export type { BodyType, Fuel, Transmission };

/** What a buyer wants the car for: soft preferences that order the answer and explain it. */
export const PURPOSES = [
  'service',
  'city',
  'long_trip',
  'rough_road',
  'family',
  'cargo',
  'luxury',
  'beginner',
  'economy',
] as const;
export type Purpose = (typeof PURPOSES)[number];

/** Colours by their folded Vietnamese word, as they are matched against the stored exterior colour. */
export const COLOURS = [
  'den',
  'trang',
  'bac',
  'xam',
  'do',
  'xanh',
  'vang',
  'nau',
  'cam',
  'be',
  'dong',
  'tim',
] as const;
export type Colour = (typeof COLOURS)[number];

export interface Budget {
  min?: number;
  max?: number;
  /** "tầm 1 tỷ": the number said, for ordering by closeness. */
  target?: number;
}

export interface BrandRef {
  /** Display name from the dictionary, or as stored in the inventory. */
  brand: string;
  /** compactFold keys the stored brand may have: "mercedesbenz", "mercedes". */
  keys: string[];
}

export interface ModelRef {
  brand: string;
  model: string;
  /** compactFold key of the model: "cx5", "santafe". */
  key: string;
  /** Every key the model is known by ("c200", "c300" for the C-Class). */
  keys: string[];
}

export type SortWish = CarSort;

/** The hard and soft constraints one message expresses. Hard: every car listed must satisfy them. */
export interface Constraints {
  budget?: Budget;
  brands?: BrandRef[];
  models?: ModelRef[];
  bodyTypes?: BodyType[];
  seatsMin?: number;
  seatsMax?: number;
  fuels?: Fuel[];
  transmission?: Transmission;
  yearMin?: number;
  yearMax?: number;
  odoMax?: number;
  odoMin?: number;
  colours?: Colour[];
  /** Soft. */
  purposes?: Purpose[];
  /** Soft: an explicit ordering wish ("rẻ nhất", "đời mới nhất", "đi ít"). */
  sort?: SortWish;
}

/** The wishes grouped as a buyer names them ("bỏ điều kiện máy dầu" gives up `fuels`). */
export const WISH_KINDS = [
  'brands',
  'models',
  'bodyTypes',
  'seats',
  'fuels',
  'transmission',
  'year',
  'odo',
  'colours',
  'budget',
  'purposes',
] as const;
export type WishKind = (typeof WISH_KINDS)[number];

export type InfoTopic = 'address' | 'phone' | 'hours' | 'email' | 'social';
/** What a buyer asks about a car's past and papers (answered from its records only). */
export type TrustTopic =
  | 'flood'
  | 'crash'
  | 'odometer'
  | 'inspection'
  | 'owners'
  | 'papers'
  | 'service'
  | 'priceHistory';
/** What a buyer asks of the showroom's written policies (web configuration, policies). */
export type PolicyTopic =
  | 'warranty'
  | 'returns'
  | 'negotiation'
  | 'independentCheck'
  | 'purchaseDocuments'
  | 'transferDocuments'
  /** Holding a car with an online deposit (đặt cọc giữ xe). */
  | 'deposit';
export type CarAttribute =
  | 'odo'
  | 'price'
  | 'year'
  | 'colour'
  | 'fuel'
  | 'transmission'
  | 'seats'
  | 'body'
  | 'all';

/** A reference to cars listed earlier: positions are 1-based, -1 is the last one. */
export interface CarReference {
  positions: number[];
  /** "xe này", "xe đó", "chiếc vừa rồi". */
  current: boolean;
}

export interface Instalment {
  downPayment?: number;
  downRatio?: number;
  termMonths?: number;
}

export interface ParsedMessage {
  constraints: Constraints;
  info: InfoTopic[];
  instalment: Instalment | null;
  testDrive: boolean;
  maintenance: boolean;
  consulting: boolean;
  compare: boolean;
  cheaper: boolean;
  pricier: boolean;
  newer: boolean;
  lessKm: boolean;
  more: boolean;
  attributes: CarAttribute[];
  reference: CarReference | null;
  greeting: boolean;
  thanks: boolean;
  /** The message talks about buying or finding a car ("xe", "mua", "tìm", "tư vấn"). */
  carTalk: boolean;
  trust: TrustTopic[];
  policy: PolicyTopic[];
  /** A new question about the whole stock ("xe nào tiết kiệm xăng nhất?"): earlier wishes do not carry over. */
  newSubject: boolean;
  /** Wishes given up: "bỏ điều kiện máy dầu", "không cần 7 chỗ nữa", "màu gì cũng được". */
  drop: WishKind[];
  /** Every earlier wish given up: "đổi ý", "tìm lại từ đầu", "bỏ hết điều kiện". */
  restart: boolean;
  /** The visitor sells their own car ("muốn bán xe của em") or trades it in ("đổi xe cũ"). */
  sell: 'sell' | 'tradeIn' | null;
  /** A price offered for a car ("anh trả 550 triệu được không", "bớt còn 650"), in VND. */
  offer: number | null;
  /** Whether a car is held: "xe đó có ai đặt cọc chưa", "xe này còn không". */
  holdAsked: boolean;
  /** The maker's warranty: "còn bảo hành hãng không", "bảo hành chính hãng". */
  factoryWarranty: boolean;
}
