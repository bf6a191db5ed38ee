import {
  carCostsSchema,
  costLineInput,
  costLineParams,
  costSummariesQuery,
  costSummariesSchema,
} from '../../../contract/car-cost-ledger';
import { carIdParam } from '../../../contract/cars';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { CarCostsService } from './service';

const tags = ['Chi phí thực của xe (nhân viên)'];

/** The cost ledger: staff holding MANAGE_CAR only; nothing here is ever part of a public answer. */
export function carCostsRoutes(service: CarCostsService) {
  return async (app: App) => {
    const staff = { access: 'MANAGE_CAR' as const };

    app.get(
      '/cars/admin/costs',
      {
        config: staff,
        schema: {
          response: { 200: costSummariesSchema },
          tags,
          summary: 'Giá vốn thực và lãi/lỗ ở giá hiện tại của nhiều xe (ids=1,2,3; tối đa 200)',
          querystring: costSummariesQuery,
        },
      },
      (req) => service.summaries(req.query.ids),
    );

    app.get(
      '/cars/admin/:id/costs',
      {
        config: staff,
        schema: {
          response: { 200: carCostsSchema },
          tags,
          summary: 'Sổ chi phí của xe: các dòng chi phí, chi phí vốn tồn kho, giá vốn thực và lãi/lỗ',
          params: carIdParam,
        },
      },
      (req) => service.ledger(req.params.id),
    );

    app.post(
      '/cars/admin/:id/costs',
      {
        config: staff,
        schema: {
          response: { 201: carCostsSchema },
          tags,
          summary: 'Thêm một dòng chi phí (giá mua, vận chuyển, phí giấy tờ, hoa hồng, khác)',
          params: carIdParam,
          body: costLineInput,
        },
      },
      async (req, reply) => reply.status(201).send(await service.add(req.params.id, req.body, actorOf(req))),
    );

    app.delete(
      '/cars/admin/:id/costs/:lineId',
      {
        config: staff,
        schema: {
          response: { 200: carCostsSchema },
          tags,
          summary: 'Xóa một dòng chi phí nhập nhầm',
          params: costLineParams,
        },
      },
      (req) => service.remove(req.params.id, req.params.lineId, actorOf(req)),
    );
  };
}
