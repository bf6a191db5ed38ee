import {
  customerCallBody,
  customerDetailSchema,
  customerIdParam,
  customerLookupQuery,
  customerLookupSchema,
  customerMergeBody,
  customersPage,
  customersQuery,
  customerUpdateBody,
} from '../../../contract/customers';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import type { CustomersService } from './service';

const tags = ['Khách hàng'];

/** Service and car staff both meet the customer: either permission opens the record. */
export const CUSTOMER_ACCESS = ['MANAGE_SERVICE', 'MANAGE_CAR'] as const;

/** GET /api/customers, GET/PUT /api/customers/{customerId}, merge, calls, and the phone lookup. */
export function customersRoutes(service: CustomersService) {
  return async (app: App) => {
    const config = { access: CUSTOMER_ACCESS };

    app.get(
      '/customers',
      {
        config,
        schema: {
          response: { 200: customersPage },
          tags,
          summary: 'Tìm khách hàng theo tên, số điện thoại hoặc mã',
          querystring: customersQuery,
        },
      },
      (req) => service.list(req.query),
    );

    app.get(
      '/customers/lookup',
      {
        config,
        schema: {
          response: { 200: customerLookupSchema },
          tags,
          summary: 'Khách hàng đã có với số điện thoại đang nhập',
          querystring: customerLookupQuery,
        },
      },
      async (req) => ({ customer: await service.lookup(req.query.phone) }),
    );

    app.get(
      '/customers/:customerId',
      {
        config,
        schema: {
          response: { 200: customerDetailSchema },
          tags,
          summary: 'Hồ sơ khách hàng và dòng thời gian',
          params: customerIdParam,
        },
      },
      (req) => service.detail(req.params.customerId),
    );

    app.put(
      '/customers/:customerId',
      {
        config,
        schema: {
          response: { 200: customerDetailSchema },
          tags,
          summary: 'Cập nhật ghi chú, người phụ trách, đồng ý nhận tin Zalo',
          params: customerIdParam,
          body: customerUpdateBody,
        },
      },
      (req) => service.update(req.params.customerId, req.body, actorOf(req)),
    );

    app.post(
      '/customers/:customerId/merge',
      {
        config,
        schema: {
          response: { 200: customerDetailSchema },
          tags,
          summary: 'Gộp một hồ sơ trùng vào hồ sơ này',
          params: customerIdParam,
          body: customerMergeBody,
        },
      },
      (req) =>
        service.merge(req.params.customerId, req.body.otherId, actorOf(req), requireUser(req).name ?? null),
    );

    app.post(
      '/customers/:customerId/calls',
      {
        config,
        schema: {
          response: { 200: customerDetailSchema },
          tags,
          summary: 'Ghi một cuộc gọi và kết quả',
          params: customerIdParam,
          body: customerCallBody,
        },
      },
      (req) => service.logCall(req.params.customerId, req.body, actorOf(req), requireUser(req).name ?? null),
    );
  };
}
