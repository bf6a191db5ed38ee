import { textAnswer } from '../../../contract/common';
import {
  carCalculations,
  PAYMENT_PASSWORD_REQUIRED,
  publicWebConfiguration,
  webConfiguration,
  webConfigurationUpdate,
} from '../../../contract/web-config';
import type { App } from '../../context';
import { type StaffActor, staffOf } from '../../platform/actor';
import type { WebConfigService } from './service';

/** Checks the caller's current password (auth's rule: 400 when missing or wrong, 429 after 10 wrong). */
export type ConfirmPassword = (
  actor: StaffActor,
  given: string | undefined,
  missing: string,
) => Promise<void>;

export function webConfigRoutes(service: WebConfigService, confirmPassword: ConfirmPassword) {
  return async (app: App) => {
    app.get(
      '/web-configuration',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: publicWebConfiguration },
          tags: ['Cấu hình'],
          summary: 'Thông tin showroom công khai',
        },
      },
      () => service.getPublic(),
    );

    app.get(
      '/web-configuration/car-calculations',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: carCalculations },
          tags: ['Cấu hình'],
          summary: 'Thông số tính chi phí lăn bánh, trả góp',
        },
      },
      async () => (await service.get()).carCalculations,
    );

    app.get(
      '/web-configuration/system-message',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: textAnswer },
          tags: ['Cấu hình'],
          summary: 'Lời nhắc hệ thống của trợ lý AI',
        },
      },
      async (_req, reply) =>
        reply.type('text/plain; charset=utf-8').send((await service.get()).systemMessage),
    );

    app.get(
      '/web-configuration/admin',
      {
        config: { access: 'WEB_CONFIG' },
        schema: {
          response: { 200: webConfiguration },
          tags: ['Cấu hình'],
          summary: 'Toàn bộ cấu hình (nhân viên)',
          description: 'Khóa API webhook chỉ ghi, không đọc lại: đã đặt thì trả về dạng ẩn (••••••••).',
        },
      },
      () => service.adminView(),
    );

    app.put(
      '/web-configuration',
      {
        config: { access: 'WEB_CONFIG' },
        schema: {
          response: { 200: webConfiguration },
          tags: ['Cấu hình'],
          summary: 'Cập nhật cấu hình',
          description:
            'Đổi tài khoản nhận cọc (ngân hàng, số tài khoản, tên) hoặc khóa API webhook cần currentPassword (mật khẩu hiện tại); gửi lại khóa dạng ẩn (••••••••) thì giữ nguyên khóa.',
          body: webConfigurationUpdate,
        },
      },
      async (req) => {
        const { currentPassword, ...patch } = req.body;
        const actor = staffOf(req);
        const payments = await service.changesPayments(patch as never);
        if (payments) await confirmPassword(actor, currentPassword, PAYMENT_PASSWORD_REQUIRED);
        await service.update(patch as never, actor, { reauthenticated: payments });
        return service.adminView();
      },
    );
  };
}
