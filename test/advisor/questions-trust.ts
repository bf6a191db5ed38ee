import type { PolicyTopic, TrustTopic } from '../../src/contract/query';
import type { ReplyKind } from '../../src/server/modules/chatbot/advisor/advisor';

/**
 * What buyers ask about a car's condition, papers and history, about the showroom's policies, and how
 * they change the subject. Each row: the topics the parser must read, the kind of answer, and words the
 * answer must (and must not) hold, checked against the records in test/advisor/records.ts (a clean
 * Vios 2022, a CX-5 whose flood pledge is withheld, a CR-V with a repaired bumper and a price drop,
 * a Transit whose imported odometer history goes backwards, and cars without any report).
 */
export interface TrustQuestion {
  q: string;
  before?: string[];
  trust?: TrustTopic[];
  policy?: PolicyTopic[];
  newSubject?: boolean;
  kind: ReplyKind[];
  minCars?: number;
  mentions?: string[];
  absent?: string[];
}

const VIOS = 'toyota vios đời 2022';
const CX5 = 'mazda cx-5 màu đỏ';
const CRV = 'honda cr-v';
const CITY = 'honda city';
const TRANSIT = 'ford transit';
const NO_REPORT = 'chưa có báo cáo kiểm định';

export const TRUST_QUESTIONS: TrustQuestion[] = [
  // ------------------------------------------------------------------ flooding, crashes, odometer
  {
    q: 'xe này có bị ngập nước không?',
    before: [CX5],
    trust: ['flood'],
    kind: ['records'],
    minCars: 1,
    mentions: ['KHÔNG cam kết "Không ngập nước"', 'vết ố nước dưới thảm', 'Chính sách đổi trả'],
    absent: ['đường ngập', 'showroom cam kết "Không ngập nước"'],
  },
  {
    q: 'xe nay co bi ngap nuoc khong',
    before: [VIOS],
    trust: ['flood'],
    kind: ['records'],
    minCars: 1,
    mentions: ['showroom cam kết "Không ngập nước"', '02/11/2026', '20.950 km', '4 hạng mục liên quan'],
  },
  {
    q: 'xe đầu tiên có bị đâm đụng không',
    before: [CITY],
    trust: ['crash'],
    kind: ['records'],
    minCars: 1,
    mentions: [NO_REPORT, 'chưa thể khẳng định xe không bị đâm đụng'],
    absent: ['showroom cam kết'],
  },
  {
    q: 'có bị tua odo không',
    before: [TRANSIT],
    trust: ['odometer'],
    kind: ['records'],
    minCars: 1,
    mentions: ['KHÔNG cam kết "Không tua ODO"', 'lịch sử km bị lùi', '118.000 km', '140.000 km'],
  },
  {
    q: 'Honda CR-V L có bị đâm đụng không',
    trust: ['crash'],
    kind: ['records'],
    minCars: 1,
    mentions: ['showroom cam kết "Không đâm đụng"', 'sơn lại cản trước'],
  },
  {
    q: 'xe này từng tai nạn chưa em',
    before: [CRV],
    trust: ['crash'],
    kind: ['records'],
    minCars: 1,
    mentions: ['cam kết "Không đâm đụng"', 'đã khắc phục'],
  },
  {
    q: 'odo có chuẩn không',
    before: [VIOS],
    trust: ['odometer'],
    kind: ['records'],
    minCars: 1,
    mentions: ['showroom cam kết "Không tua ODO"', 'Lịch sử bảo dưỡng (3 lần'],
  },
  {
    q: 'xe thứ hai có bị thủy kích không',
    before: [CITY],
    trust: ['flood'],
    kind: ['records'],
    minCars: 1,
    mentions: ['Honda City G', NO_REPORT],
  },
  {
    q: 'Mazda CX-5 2.0 Premium có bị ngập nước không',
    trust: ['flood'],
    kind: ['records'],
    minCars: 1,
    mentions: ['KHÔNG cam kết "Không ngập nước"'],
  },
  {
    q: 'mấy xe này có xe nào bị ngập không',
    before: ['xe sedan tầm 500 triệu'],
    trust: ['flood'],
    kind: ['records'],
    minCars: 3,
    mentions: ['Toyota Vios 1.5G CVT', 'showroom cam kết "Không ngập nước"', NO_REPORT],
  },
  {
    q: 'xe này có bị ngập nước không?',
    trust: ['flood'],
    kind: ['records'],
    mentions: ['Bạn đang hỏi về xe nào', 'Hoàn tiền trong 7 ngày'],
  },
  {
    q: 'có cam kết không đâm đụng không',
    trust: ['crash', 'inspection'],
    kind: ['records'],
    mentions: ['Bạn đang hỏi về xe nào'],
  },
  // ------------------------------------------------------------------ the report
  {
    q: 'xe đã kiểm định chưa',
    before: [VIOS],
    trust: ['inspection'],
    kind: ['records'],
    minCars: 1,
    mentions: ['11/11 hạng mục đạt', 'Nguyễn Văn Hùng', 'Không đâm đụng, Không ngập nước, Không tua ODO'],
  },
  {
    q: 'tình trạng xe thế nào, có lỗi gì không',
    before: [CX5],
    trust: ['inspection'],
    kind: ['records'],
    minCars: 1,
    mentions: ['10/11 hạng mục đạt · 1 cần lưu ý', 'Cần lưu ý: Sàn xe, thảm và lớp cách âm'],
  },
  {
    q: 'báo cáo kiểm định xe này ra sao',
    before: [CRV],
    trust: ['inspection'],
    kind: ['records'],
    minCars: 1,
    mentions: ['11/11 hạng mục đạt · 1 đã khắc phục', 'Đã khắc phục: Sơn và độ dày lớp sơn'],
  },
  {
    q: 'xe đầu có kiểm định chưa',
    before: [CITY],
    trust: ['inspection'],
    kind: ['records'],
    minCars: 1,
    mentions: ['Kiểm định: xe này chưa có báo cáo kiểm định'],
  },
  // ------------------------------------------------------------------ owners and papers
  {
    q: 'xe mấy chủ rồi',
    before: [VIOS],
    trust: ['owners'],
    kind: ['records'],
    minCars: 1,
    mentions: ['Chủ xe:', 'xe cá nhân'],
  },
  {
    q: 'xe cá nhân hay công ty, có hóa đơn VAT không',
    before: [CX5],
    trust: ['owners'],
    kind: ['records'],
    minCars: 1,
    mentions: ['xe công ty, có hóa đơn VAT'],
  },
  {
    q: 'giấy tờ xe thế nào',
    before: [VIOS],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['biển TP.HCM', 'đăng kiểm còn hạn đến 10/05/2027', 'không thế chấp ngân hàng'],
  },
  {
    q: 'hạn đăng kiểm còn không',
    before: [CX5],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['đăng kiểm đã hết hạn từ 30/09/2026', 'bảo hiểm TNDS chưa có thông tin'],
  },
  {
    q: 'xe có bị thế chấp ngân hàng không',
    before: [CX5],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['từng thế chấp, đã giải chấp'],
  },
  {
    q: 'đã check phạt nguội chưa',
    before: [VIOS],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['đã tra cứu phạt nguội ngày 05/11/2026, không có lỗi'],
  },
  {
    q: 'xe đầu tiên giấy tờ đầy đủ không',
    before: [CITY],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['chưa được cập nhật trên website'],
  },
  {
    q: 'xe có bảo hiểm không',
    before: [VIOS],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['bảo hiểm TNDS còn hạn đến 01/03/2027'],
  },
  {
    q: 'xe biển tỉnh hay thành phố',
    before: [TRANSIT],
    trust: ['papers'],
    kind: ['records'],
    minCars: 1,
    mentions: ['biển Bình Dương'],
  },
  // ------------------------------------------------------------------ service history, price changes
  {
    q: 'lịch sử bảo dưỡng xe này',
    before: [VIOS],
    trust: ['service'],
    kind: ['records'],
    minCars: 1,
    mentions: ['Toyota Lý Thường Kiệt', '(3 lần, mới nhất trước)', '18.000 km'],
    absent: ['/maintenance'],
  },
  {
    q: 'xe đầu có sổ bảo dưỡng không',
    before: [CITY],
    trust: ['service'],
    kind: ['records'],
    minCars: 1,
    mentions: ['chưa có lịch sử bảo dưỡng nào'],
  },
  {
    q: 'xe bảo dưỡng hãng đầy đủ không',
    before: [CX5],
    trust: ['service'],
    kind: ['records'],
    minCars: 1,
    mentions: ['Mazda Giải Phóng'],
  },
  {
    q: 'xe này giảm giá chưa',
    before: [CRV],
    trust: ['priceHistory'],
    kind: ['records'],
    minCars: 1,
    mentions: ['đã điều chỉnh 1 lần', '965 triệu → 935 triệu'],
  },
  {
    q: 'giá xe này có thay đổi không',
    before: [VIOS],
    trust: ['priceHistory'],
    kind: ['records'],
    minCars: 1,
    mentions: ['chưa thay đổi từ khi đăng bán (505 triệu)'],
  },
  // ------------------------------------------------------------------ the showroom's policies
  {
    q: 'bảo hành thế nào',
    policy: ['warranty'],
    kind: ['policy'],
    mentions: ['6 tháng hoặc 10.000 km'],
    absent: ['/maintenance'],
  },
  { q: 'bao hanh may thang vay shop', policy: ['warranty'], kind: ['policy'], mentions: ['Bảo hành:'] },
  {
    q: 'chính sách đổi trả ra sao',
    policy: ['returns'],
    kind: ['policy'],
    mentions: ['Hoàn tiền trong 7 ngày'],
  },
  {
    q: 'mua rồi phát hiện xe ngập thì có được hoàn tiền không',
    policy: ['returns'],
    kind: ['policy'],
    mentions: ['Đổi trả: Hoàn tiền trong 7 ngày'],
  },
  {
    q: 'giá có thương lượng không?',
    policy: ['negotiation'],
    kind: ['policy'],
    mentions: ['Về giá:', 'trao đổi thêm'],
  },
  {
    // With a car in hand, haggling is about that car: its price and history beside the policy.
    q: 'xe này có bớt không shop',
    before: [CRV],
    policy: ['negotiation'],
    kind: ['negotiation'],
    mentions: ['Giá niêm yết hiện tại', 'Lịch sử giá', 'Chính sách về giá của showroom'],
  },
  { q: 'có fix giá không', policy: ['negotiation'], kind: ['policy'], mentions: ['Về giá:'] },
  {
    q: 'đặt cọc giữ xe thế nào?',
    policy: ['deposit'],
    kind: ['policy'],
    mentions: [
      'Đặt cọc giữ xe:',
      'Tiền cọc 10 triệu',
      'trong 30 phút',
      '"Đang giao dịch" ngay khi bạn gửi yêu cầu',
      'giữ 3 ngày',
      'VietQR',
    ],
  },
  {
    q: 'coc truoc bao nhieu de giu xe vay shop',
    policy: ['deposit'],
    kind: ['policy'],
    mentions: ['10 triệu'],
  },
  {
    q: 'muốn giữ xe này thì làm sao',
    before: [CRV],
    policy: ['deposit'],
    kind: ['policy'],
    mentions: ['Đặt cọc giữ xe'],
  },
  {
    q: 'tôi mang xe ra hãng kiểm tra trước khi mua được không',
    policy: ['independentCheck'],
    kind: ['policy'],
    mentions: ['trung tâm dịch vụ chính hãng'],
  },
  {
    q: 'cho đem xe đi gara quen check không',
    policy: ['independentCheck'],
    kind: ['policy'],
    mentions: ['Kiểm tra xe ở hãng hoặc garage bên ngoài'],
  },
  {
    q: 'mua xe cần giấy tờ gì',
    policy: ['purchaseDocuments'],
    kind: ['policy'],
    mentions: ['căn cước công dân'],
  },
  {
    q: 'thủ tục sang tên thế nào',
    policy: ['transferDocuments'],
    kind: ['policy'],
    mentions: ['Sang tên trong vòng 30 ngày'],
  },
  // ------------------------------------------------------------------ changing the subject
  {
    q: 'xe nào tiết kiệm xăng nhất?',
    before: ['so sánh CX5 với CRV giúp mình'],
    newSubject: true,
    kind: ['search'],
    minCars: 3,
    mentions: ['Mình tìm trong toàn bộ xe đang bán, không giữ điều kiện trước (Mazda CX-5 hoặc Honda CR-V)'],
  },
  {
    q: 'còn màu đen không',
    before: ['xe 7 chỗ dưới 1 tỷ'],
    kind: ['search', 'followup'],
    mentions: ['Mình giữ điều kiện trước: từ 7 chỗ, giá không quá 1 tỷ'],
  },
  {
    q: 'xe nào rẻ nhất trong kho',
    before: ['toyota vios'],
    newSubject: true,
    kind: ['search'],
    minCars: 1,
    mentions: ['Mình tìm trong toàn bộ xe đang bán'],
  },
  {
    q: 'trong mấy xe này xe nào đi ít nhất',
    before: ['xe sedan tầm 500 triệu'],
    newSubject: false,
    kind: ['search', 'followup'],
    mentions: ['Mình giữ điều kiện trước: Sedan, giá khoảng 500 triệu'],
  },
  {
    q: 'xe 1 và xe 3 thì sao',
    before: ['so sánh CX5 với CRV giúp mình'],
    kind: ['detail', 'compare'],
    minCars: 1,
    mentions: ['chỉ có 2 xe, nên không có xe thứ 3'],
  },
  {
    q: 'so sánh xe 2 và xe 4',
    before: [CITY],
    kind: ['detail', 'compare'],
    minCars: 1,
    mentions: ['chỉ có 2 xe, nên không có xe thứ 4'],
  },
  {
    q: 'xe gia đình 16 chỗ',
    kind: ['search'],
    minCars: 1,
    mentions: ['đoàn đông người'],
    absent: ['rộng rãi cho cả gia đình'],
  },
  {
    q: 'xe đầu tiên thế nào',
    before: ['cần xe 16 chỗ chở khách'],
    kind: ['detail'],
    minCars: 1,
    absent: ['rộng rãi cho gia đình'],
  },
];
