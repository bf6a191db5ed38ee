import { textAnswer } from '../../../contract/common';
import {
  carCalculations,
  publicWebConfiguration,
  webConfiguration,
  webConfigurationUpdate,
} from '../../../contract/web-config';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { WebConfigService } from './service';

export function webConfigRoutes(service: WebConfigService) {
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
        },
      },
      () => service.get(),
    );

    app.put(
      '/web-configuration',
      {
        config: { access: 'WEB_CONFIG' },
        schema: {
          response: { 200: webConfiguration },
          tags: ['Cấu hình'],
          summary: 'Cập nhật cấu hình',
          body: webConfigurationUpdate,
        },
      },
      (req) => service.update(req.body as never, actorOf(req)),
    );
  };
}
