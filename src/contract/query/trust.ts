import type { Query } from './text';
import type { PolicyTopic, TrustTopic } from './types';

/**
 * What a buyer fears or checks about a car (flooding, crashes, a clocked odometer, papers, service
 * history, price changes) and what they ask of the showroom's policies (warranty, returns, haggling,
 * an independent check, documents). Read before the purposes, so "xe này có bị ngập nước không" is a
 * question about the car's past, not a wish for a car that drives through floods.
 */
const TRUST_PHRASES: [TrustTopic, RegExp][] = [
  [
    'flood',
    /(bi ngap|tung ngap|da ngap|xe ngap|ngap nuoc (?:khong|ko|chua|k)|ngap (?:khong|ko|chua)|co ngap|dinh ngap|thuy kich|bi lut|xe lut|dinh lut|ngam nuoc|vao nuoc)/,
  ],
  [
    'crash',
    /(dam dung|dam va|bi dam|tung dam|bi dung|tung dung|dung xe|xe dung|dung do|tai nan|va cham|va quet|son lai|do son|lam son|thay vo|cat han|sua khung|nan khung|cong khung)/,
  ],
  [
    'odometer',
    /(tua odo|tua km|tua dong ho|tua cong to met|tua so|bi tua|quay odo|chinh odo|odo (?:co )?(?:chuan|that|zin|dung|that khong)|so km (?:co )?(?:chuan|that|zin|dung)|km (?:co )?(?:chuan|that|zin)|dong ho km (?:co )?(?:chuan|that|zin|dung))/,
  ],
  [
    'service',
    /(lich su bao duong|so bao duong|bao duong (?:hang|chinh hang|dinh ky|day du)|bao duong (?:o dau|the nao|chua|khong|ko)|lich su sua chua|da sua (?:gi|nhung gi)|da thay (?:gi|nhung gi)|lich su xe|lich su su dung|lam (?:gi|nhung gi) o hang)/,
  ],
  [
    'priceHistory',
    /(giam gia chua|da giam|giam (?:bao nhieu|may) (?:roi|chua)|tung giam|moi giam|vua giam|lich su gia|gia cu|gia truoc (?:day|do)|truoc day gia|gia (?:xe )?(?:nay )?(?:co )?thay doi|thay doi gia|doi gia|len gia|tang gia)/,
  ],
  [
    'owners',
    /(may chu|bao nhieu chu|may doi chu|doi chu|chu cu|chu truoc|mot chu|1 chu|chinh chu|ca nhan hay cong ty|cong ty hay ca nhan|xe cong ty|xe ca nhan|hoa don vat|hoa don do|xuat hoa don|(?<![a-z])vat(?![a-z]))/,
  ],
  [
    'papers',
    /(giay to xe|giay to (?:the nao|co du|day du|ra sao|ok|ro rang|chinh chu)|dang kiem|bao hiem|the chap|giai chap|ngan hang giu|vay ngan hang chua|phat nguoi|bien so|bien tinh|bien thanh pho|bien (?:ha noi|sai gon|hcm|tp)|ho so goc|cavet|ca vet|ca-vet|dang ky xe|giay dang ky)/,
  ],
  [
    'inspection',
    /(kiem dinh|hang muc|bao cao kiem tra|tinh trang xe|xe con tot|chat luong xe|da kiem tra|kiem tra (?:chua|roi|ky|ky chua|the nao)|xe (?:co )?zin|con zin|may zin|nguyen ban|co loi gi|loi gi khong|hu hong|hong hoc|co van de gi|cam ket)/,
  ],
];

const POLICY_PHRASES: [PolicyTopic, RegExp][] = [
  ['warranty', /(bao hanh)/],
  [
    'returns',
    /(doi tra|tra lai xe|tra xe lai|hoan tien|hoan lai tien|tra lai tien|doi lai xe|chinh sach doi|bao hoan|duoc tra lai)/,
  ],
  [
    'negotiation',
    /(thuong luong|mac ca|tra gia|bot (?:gia|chut|them|duoc|khong|ko|k)|co bot|bot cho|giam (?:them|chut|duoc|gia duoc|gia (?:khong|ko|k))|co giam gia (?:khong|ko|k)|fix gia|co fix|gia cung|gia co mem|gia chot|chot gia|gia co giam|deal gia|gia tot nhat|gia cuoi)/,
  ],
  [
    'independentCheck',
    /((?:mang|dem|dua|chay|lai) xe (?:di|ra|den|toi|qua|vao) (?:hang|gara|garage|kiem tra|check|tho)|kiem tra (?:o|tai|ben) (?:hang|ngoai|gara|garage)|check (?:o |tai )?hang|ra hang (?:kiem tra|check)|kiem tra doc lap|tho (?:rieng|quen|ngoai)|gara quen|garage quen|xem xe cung tho|dan tho|nguoi quen kiem tra)/,
  ],
  [
    'purchaseDocuments',
    /(can (?:nhung )?giay to gi|can (?:nhung )?ho so gi|giay to (?:can|gi de mua|khi mua|mua xe)|ho so (?:can|mua xe)|thu tuc mua|mua xe can|can mang (?:theo )?gi|can chuan bi (?:gi|giay to)|lam thu tuc (?:mua|the nao)|thu tuc (?:the nao|ra sao|nhu nao))/,
  ],
  [
    'deposit',
    /(dat coc|coc (?:truoc|giu|xe|bao nhieu|the nao|nhu nao|online|qua mang)|tien coc|giu xe|giu cho|giu giup)/,
  ],
  [
    'transferDocuments',
    /(sang ten|chuyen ten|doi ten chu|rut ho so|chuyen vung|sang bien|thu tuc dang ky lai)/,
  ],
];

function collect<T>(q: Query, phrases: [T, RegExp][]): T[] {
  const found: T[] = [];
  for (const [topic, re] of phrases) {
    q.take(new RegExp(`(?<![a-z])${re.source}(?![a-z])`, 'g'), () => {
      if (!found.includes(topic)) found.push(topic);
      return true;
    });
  }
  return found;
}

export function parseTrustTopics(q: Query): TrustTopic[] {
  return collect(q, TRUST_PHRASES);
}

export function parsePolicyTopics(q: Query): PolicyTopic[] {
  return collect(q, POLICY_PHRASES);
}

/** The maker's warranty, not the showroom's: "còn bảo hành hãng không", "bảo hành chính hãng". */
const FACTORY_WARRANTY =
  /(?<![a-z])(bao hanh (?:cua )?(?:chinh )?hang|bao hanh chinh hang|bao hanh (?:cua )?nha san xuat|bao hanh goc|con bao hanh|het bao hanh|het han bao hanh|bao hanh (?:con|het) (?:khong|ko|k|chua|han))(?![a-z])/;

export function parseFactoryWarranty(q: Query): boolean {
  return FACTORY_WARRANTY.test(q.folded);
}
