import type { Permission } from '../../../contract/permissions';
import { DEFAULT_RESERVATION_SETTINGS } from '../../../contract/reservations';
import { DEFAULT_CAR_CALCULATIONS, type WebConfiguration } from '../../../contract/web-config';
import { DEMO_OFFICIAL_PRICES } from './demo-official-prices';

/** Every demo staff account signs in with this password (printed at first start). */
export const DEMO_PASSWORD = 'Demo12345';

export const DEMO_STAFF: {
  fullName: string;
  username: string;
  email: string;
  phone: string;
  permissions: Permission[];
}[] = [
  {
    fullName: 'Nguyễn Văn An',
    username: 'annv',
    email: 'annv@autoviet.vn',
    phone: '0901234567',
    permissions: ['MANAGE_CAR', 'MANAGE_SERVICE'],
  },
  {
    fullName: 'Trần Thị Bích',
    username: 'bichtt',
    email: 'bichtt@autoviet.vn',
    phone: '0912345678',
    permissions: ['MANAGE_BLOG', 'MANAGE_OVERVIEW'],
  },
  {
    fullName: 'Lê Hoàng Dũng',
    username: 'dunglh',
    email: 'dunglh@autoviet.vn',
    phone: '0987654321',
    permissions: ['MANAGE_SERVICE'],
  },
  {
    fullName: 'Phạm Thu Hà',
    username: 'hapt',
    email: 'hapt@autoviet.vn',
    phone: '0934567890',
    permissions: ['MANAGE_RECRUITMENT', 'MANAGE_USER'],
  },
];

export const DEMO_CONFIGURATION: Partial<WebConfiguration> = {
  showroomName: 'AutoViet',
  showroomAddress: '268 Nguyễn Văn Linh, Phường Tân Thuận, TP. Hồ Chí Minh',
  showroomPhone: '0909 123 456',
  showroomEmail: 'lienhe@autoviet.vn',
  openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật',
  facebookUrl: 'https://www.facebook.com/autoviet.showroom',
  youtubeUrl: 'https://www.youtube.com/@autoviet',
  tiktokUrl: 'https://www.tiktok.com/@autoviet',
  messengerUrl: 'https://m.me/autoviet.showroom',
  zaloUrl: 'https://zalo.me/0909123456',
  mapEmbedUrl: 'https://www.google.com/maps?q=268+Nguy%E1%BB%85n+V%C4%83n+Linh&output=embed',
  carCalculations: { ...DEFAULT_CAR_CALCULATIONS, officialPrices: DEMO_OFFICIAL_PRICES },
  // A demo account so the deposit page shows a real VietQR; the webhook key stays unset until the owner sets it.
  reservations: {
    ...DEFAULT_RESERVATION_SETTINGS,
    bankBin: '970436',
    accountNumber: '0071000123456',
    accountName: 'CONG TY TNHH AUTOVIET',
  },
};
