import { auditEntryViewSchema, auditOptionsSchema, auditQuery } from '../../../contract/audit';
import { pageOf } from '../../../contract/common';
import type { App } from '../../context';
import type { AuditService } from './service';

const tags = ['Nhật ký hoạt động'];

/** GET /api/audit and /api/audit/options: WEB_CONFIG (ADMIN always passes). */
export function auditRoutes(service: AuditService) {
  return async (app: App) => {
    const config = { access: 'WEB_CONFIG' as const };

    app.get(
      '/audit',
      {
        config,
        schema: {
          response: { 200: pageOf(auditEntryViewSchema) },
          tags,
          summary:
            'Nhật ký hoạt động: userId, entity, action, from, to (dd/mm/yyyy), page, size (mặc định 20)',
          querystring: auditQuery,
        },
      },
      (req) => service.list(req.query),
    );

    app.get(
      '/audit/options',
      {
        config,
        schema: {
          response: { 200: auditOptionsSchema },
          tags,
          summary: 'Các thao tác, đối tượng và nhân viên có trong nhật ký',
        },
      },
      () => service.options(),
    );
  };
}
