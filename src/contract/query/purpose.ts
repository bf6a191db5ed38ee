import type { Query } from './text';
import type { Purpose } from './types';

/** What the car is for: soft preferences ("chạy dịch vụ", "đi phố", "đi đường dài", "gia đình"...). */
const PURPOSE_PHRASES: [Purpose, RegExp][] = [
  [
    'service',
    /(chay dich vu|lam dich vu|xe dich vu|chay grab|grab|chay taxi|taxi|chay be\b|xanh ?sm|chay xe cong nghe|xe cong nghe|chay hop dong|xe hop dong|cho thue|cho thue xe|kinh doanh van tai|chay uber|chay khach|chay tuyen)/,
  ],
  [
    'city',
    /(di pho|di trong pho|pho xa|noi thanh|noi do|trong thanh pho|di thanh pho|duong pho|do thi|de do xe|de dau xe|nho gon|di lam hang ngay|di lam|di cho|dua don con|duong hep|hem nho|ngo nho)/,
  ],
  [
    'long_trip',
    /(duong dai|di xa|di tinh|ve que|di tour|xuyen viet|cao toc|di du lich|du lich|di choi xa|lien tinh|bac nam|di cong tac)/,
  ],
  [
    'rough_road',
    /(phuot|off ?road|duong xau|vung nui|mien nui|dia hinh|loi nuoc|ngap nuoc|duong deo|duong dat|duong soi|vung sau vung xa)/,
  ],
  ['family', /(gia dinh|vo con|con nho|ca nha|cho ca nha|bo me|ong ba)/],
  ['cargo', /(cho hang|giao hang|cho do|van chuyen|cho vat lieu|cho nong san|cho hang hoa|buon ban)/],
  [
    'luxury',
    /(sang trong|tiep khach|doanh nhan|dang cap|sang chanh|hang sang|xe sang|cao cap|giu hinh anh|sep)/,
  ],
  // Only what is said about skill: who drives (a wife, a woman) says nothing of how well they drive.
  [
    'beginner',
    /(moi lai|lan dau lai|tap lai|moi co bang|moi hoc lai|chua quen lai|chua vung|lai chua quen|lai con run|moi biet lai|moi thi bang|de lai)/,
  ],
  [
    'economy',
    /(tiet kiem|it hao|do ton xang|khong ton xang|ben bi|it hong|de sua|re nuoi|chi phi thap|giu gia|kinh te|nuoi re|chi phi nuoi)/,
  ],
];

export function parsePurposes(q: Query): Purpose[] | undefined {
  const found: Purpose[] = [];
  for (const [purpose, re] of PURPOSE_PHRASES) {
    q.take(new RegExp(`(?<![a-z])${re.source}(?![a-z])`, 'g'), () => {
      if (!found.includes(purpose)) found.push(purpose);
      return true;
    });
  }
  return found.length ? found : undefined;
}
