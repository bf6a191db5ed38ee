import { vnDayKey } from '../../../contract/format';
import type { RecruitmentInput } from '../../../contract/recruitment';
import { stripVietnameseMarks } from '../../../contract/text';
import type { BlogsService } from '../../modules/blogs/service';
import type { RecruitmentService } from '../../modules/recruitment/service';
import type { SlidersService } from '../../modules/sliders/service';
import type { UsersService } from '../../modules/users/service';
import { type Actor, SYSTEM_ACTOR } from '../../platform/actor';
import { prepareImage } from '../../platform/images';
import type { DemoSeeder } from './bootstrap';
import { type Scene, scenePng } from './demo-content-art';
import { DEMO_POSTS } from './demo-content-posts';

const DAY = 86_400_000;

/** A demo staff member as the actor, so the services write the author and the audit rows as them. */
async function actingAs(users: UsersService, username: string): Promise<Actor> {
  const row = await users.findByUsername(username);
  return row ? { userId: row.id, username: row.username, ip: null } : SYSTEM_ACTOR;
}

/** A one-page PDF (valid cross-reference table) with a few ASCII lines: the demo CVs. */
export function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 14 Tf 72 760 Td 18 TL ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const SLIDERS: {
  title: string;
  subtitle: string;
  link: string;
  buttonText: string;
  scene: Omit<Scene, 'width' | 'height'>;
}[] = [
  {
    title: 'Xe đã qua sử dụng, chất lượng như mới',
    subtitle: 'Mọi xe kiểm định 176 hạng mục, cam kết không đâm đụng, không ngập nước',
    link: '/cars',
    buttonText: 'Xem xe ngay',
    scene: { sky: ['#0ea5e9', '#fde68a'], car: '#b91c1c', accent: '#f59e0b', seed: 3 },
  },
  {
    title: 'Trả góp đến 70%, duyệt hồ sơ trong 24 giờ',
    subtitle: 'Lãi suất ưu đãi từ các ngân hàng đối tác, thủ tục trọn gói tại showroom',
    link: '/consulting',
    buttonText: 'Nhận tư vấn',
    scene: { sky: ['#1e3a8a', '#60a5fa'], car: '#f8fafc', accent: '#38bdf8', carX: 0.3, seed: 11 },
  },
  {
    title: 'Lái thử miễn phí, không mua không sao',
    subtitle: 'Đặt lịch trong 1 phút, kỹ thuật viên đồng hành giải thích từng chi tiết',
    link: '/testdrive',
    buttonText: 'Đăng ký lái thử',
    scene: {
      sky: ['#0f172a', '#4338ca'],
      car: '#e5e7eb',
      accent: '#22d3ee',
      night: true,
      carX: 0.7,
      seed: 9,
    },
  },
  {
    title: 'Bảo dưỡng định kỳ, an tâm mọi hành trình',
    subtitle: 'Xưởng dịch vụ 6 khoang nâng, phụ tùng chính hãng, bảo hành 6 tháng',
    link: '/maintenance',
    buttonText: 'Đặt lịch bảo dưỡng',
    scene: { sky: ['#065f46', '#a7f3d0'], car: '#1f2937', accent: '#facc15', carX: 0.45, seed: 21 },
  },
];

const COVER_SCENES: Omit<Scene, 'width' | 'height'>[] = [
  { sky: ['#7c2d12', '#fdba74'], car: '#0f172a', accent: '#fb923c', seed: 31 },
  { sky: ['#0c4a6e', '#bae6fd'], car: '#dc2626', accent: '#0ea5e9', carX: 0.25, seed: 32 },
  { sky: ['#312e81', '#c7d2fe'], car: '#f1f5f9', accent: '#818cf8', night: true, seed: 33 },
  { sky: ['#14532d', '#bbf7d0'], car: '#2563eb', accent: '#22c55e', carX: 0.4, seed: 34 },
  { sky: ['#831843', '#fbcfe8'], car: '#111827', accent: '#ec4899', carX: 0.7, seed: 35 },
  { sky: ['#1e293b', '#94a3b8'], car: '#eab308', accent: '#f8fafc', seed: 36 },
];

const POSTINGS: (RecruitmentInput & { close?: boolean })[] = [
  {
    title: 'Tuyển 3 nhân viên tư vấn bán hàng ô tô',
    position: 'Tư vấn bán hàng',
    type: 'FULL_TIME',
    status: 'OPEN',
    location: '268 Nguyễn Văn Linh, Phường Tân Thuận, TP. Hồ Chí Minh',
    salaryMin: 10_000_000,
    salaryMax: 30_000_000,
    salaryText: '',
    quantity: 3,
    description:
      'Tư vấn khách hàng chọn xe phù hợp nhu cầu và ngân sách.\nGiới thiệu xe, hỗ trợ lái thử và thủ tục trả góp.\nChăm sóc khách hàng sau bán hàng.',
    requirements:
      'Tốt nghiệp trung cấp trở lên, ưu tiên có kinh nghiệm bán ô tô.\nCó bằng lái xe hạng B2.\nGiao tiếp tốt, trung thực, chủ động.',
    benefits:
      'Lương cứng 10 triệu + hoa hồng hấp dẫn (thu nhập 15-30 triệu).\nĐóng BHXH, BHYT đầy đủ, thưởng tháng 13.\nĐào tạo kỹ năng bán hàng và kiến thức kỹ thuật xe.',
    deadline: '',
  },
  {
    title: 'Kỹ thuật viên kiểm định và bảo dưỡng xe',
    position: 'Kỹ thuật viên',
    type: 'FULL_TIME',
    status: 'OPEN',
    location: 'Xưởng dịch vụ Quận 7, TP. Hồ Chí Minh',
    salaryMin: 12_000_000,
    salaryMax: 18_000_000,
    salaryText: '',
    quantity: 2,
    description:
      'Kiểm định xe nhập kho theo quy trình 176 hạng mục.\nBảo dưỡng, sửa chữa gầm máy, điện ô tô.\nLập biên bản kiểm định cho khách hàng.',
    requirements:
      'Tốt nghiệp cao đẳng công nghệ ô tô.\nTối thiểu 2 năm kinh nghiệm tại xưởng dịch vụ.\nSử dụng được máy chẩn đoán.',
    benefits:
      'Thu nhập 12-18 triệu, phụ cấp tay nghề.\nTrang bị đồng phục, bảo hộ lao động.\nKhám sức khỏe định kỳ.',
    deadline: '',
  },
  {
    title: 'Cộng tác viên chụp ảnh và quay video xe',
    position: 'Cộng tác viên nội dung',
    type: 'PART_TIME',
    status: 'OPEN',
    location: 'TP. Hồ Chí Minh (làm việc theo lịch)',
    salaryMin: null,
    salaryMax: null,
    salaryText: '300.000 đ/xe',
    quantity: 2,
    description: 'Chụp ảnh, quay video giới thiệu xe mới nhập kho.\nDựng video ngắn cho TikTok, Facebook.',
    requirements: 'Có máy ảnh hoặc điện thoại quay 4K.\nCó sản phẩm mẫu.\nCó thể làm cuối tuần.',
    benefits: 'Thù lao theo xe, thanh toán hằng tuần.\nLịch làm việc linh hoạt.',
    deadline: '',
  },
  {
    title: 'Nhân viên marketing online',
    position: 'Marketing',
    type: 'FULL_TIME',
    status: 'OPEN',
    location: '268 Nguyễn Văn Linh, TP. Hồ Chí Minh',
    salaryMin: 11_000_000,
    salaryMax: 15_000_000,
    salaryText: '',
    quantity: 1,
    description:
      'Lên kế hoạch và chạy quảng cáo Facebook, Google.\nQuản lý fanpage và kênh TikTok của showroom.',
    requirements: 'Tối thiểu 1 năm kinh nghiệm chạy quảng cáo.\nBiết sử dụng Canva, CapCut.',
    benefits: 'Lương 11-15 triệu + thưởng KPI.\nMôi trường trẻ, năng động.',
    deadline: '',
    close: true,
  },
];

const CANDIDATES = [
  {
    posting: 0,
    fullName: 'Trần Minh Khoa',
    phone: '0903456789',
    email: 'khoa.tran@example.com',
    letter: 'Em có 2 năm kinh nghiệm tư vấn bán xe máy và muốn chuyển sang ô tô.',
    status: 'NEW',
  },
  {
    posting: 0,
    fullName: 'Lê Thị Thu Hằng',
    phone: '0938765432',
    email: 'hang.le@example.com',
    letter: 'Tôi từng làm tư vấn tại đại lý Toyota 3 năm.',
    status: 'INTERVIEW',
  },
  {
    posting: 1,
    fullName: 'Phạm Quốc Bảo',
    phone: '0977123987',
    email: 'bao.pham@example.com',
    letter: 'Tốt nghiệp Cao đẳng Kỹ thuật Cao Thắng, 4 năm làm tại gara.',
    status: 'VIEWED',
  },
  {
    posting: 2,
    fullName: 'Đỗ Hoàng Yến',
    phone: '0355667788',
    email: 'yen.do@example.com',
    letter: 'Em làm nhiếp ảnh tự do, đã quay nhiều video review xe.',
    status: 'NEW',
  },
] as const;

/** Demo banners, news, postings and applications (images drawn locally, no downloads). */
export const seedDemoContent: DemoSeeder = async (_ctx, services) => {
  const sliders = services.sliders as SlidersService | undefined;
  const blogService = services.blogs as BlogsService | undefined;
  const recruitment = services.recruitment as RecruitmentService | undefined;
  if (!sliders || !blogService || !recruitment) return;

  const editor = await actingAs(services.users, 'bichtt');
  const hr = await actingAs(services.users, 'hapt');

  // Every picture is drawn at once, up front, on sharp's threads, while the rows are written one by one
  // on this one: a first start waits for the slower of the two, not for their sum.
  const banners = SLIDERS.map((s, i) =>
    scenePng({ width: 1600, height: 640, ...s.scene }).then((png) =>
      prepareImage(png, `banner-${i + 1}.png`),
    ),
  );
  const covers = DEMO_POSTS.map((_, i) => {
    const scene = COVER_SCENES[i % COVER_SCENES.length];
    return scenePng({ width: 1200, height: 675, ...scene, seed: (scene.seed ?? 1) + i * 7 }).then((png) =>
      prepareImage(png, `bia-${i + 1}.png`),
    );
  });
  // Awaited in order below; a failure of one is reported there, not as an unhandled rejection.
  for (const p of [...banners, ...covers]) p.catch(() => {});

  for (const [i, s] of SLIDERS.entries()) {
    const image = await banners[i];
    await sliders.create(
      {
        title: s.title,
        subtitle: s.subtitle,
        link: s.link,
        buttonText: s.buttonText,
        order: i + 1,
        active: true,
      },
      image,
      editor,
    );
  }

  const now = Date.now();
  for (const [i, post] of DEMO_POSTS.entries()) {
    const image = await covers[i];
    const view = await blogService.create(
      {
        title: post.title,
        summary: post.summary,
        content: post.content,
        category: post.category,
        active: true,
      },
      image,
      editor,
    );
    const at = new Date(now - post.daysAgo * DAY - i * 3_600_000);
    await blogService.backdate(view.blogId, at, post.views);
  }

  const ids: number[] = [];
  for (const [i, p] of POSTINGS.entries()) {
    const { close, ...input } = p;
    const deadline = vnDayKey(new Date(now + (20 + i * 10) * DAY));
    const view = await recruitment.create({ ...input, deadline }, hr);
    if (close) await recruitment.setStatus(view.recruitmentId, 'CLOSED', hr);
    ids.push(view.recruitmentId);
  }
  for (const c of CANDIDATES) {
    const ascii = stripVietnameseMarks(c.fullName);
    const pdf = simplePdf([
      `CV - ${ascii}`,
      `Email: ${c.email}`,
      `Dien thoai: ${c.phone}`,
      '',
      'Kinh nghiem lam viec...',
    ]);
    const { candidateId } = await recruitment.apply(
      ids[c.posting],
      { fullName: c.fullName, phone: c.phone, email: c.email, letter: c.letter },
      { data: pdf, filename: `CV ${c.fullName}.pdf` },
      null,
    );
    if (c.status !== 'NEW') await recruitment.setCandidateStatus(candidateId, c.status, hr);
  }
};
