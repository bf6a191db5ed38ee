import {
  staffValuationInput,
  staffValuationSchema,
  stockAgeingQuery,
  stockAgeingSchema,
  valuationCatalogueSchema,
  valuationInput,
  valuationSchema,
} from '../../../contract/valuations';
import type { App } from '../../context';
import { tooMany } from '../../platform/errors';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { ValuationsService } from './service';
import { publicView, staffView } from './views';

const tags = ['Định giá xe'];

export interface ValuationRoutesDeps {
  service: ValuationsService;
  ratePerMinute: number;
  counters: CounterStore;
}

const answerDoc =
  'Trả về giá ước tính (VNĐ, số nguyên), khoảng giá, độ tin cậy (cao / trung bình / thấp), nhóm xe so sánh ' +
  '(cùng phiên bản, cùng dòng, cùng phân khúc) kèm lý do khi phải dùng nhóm rộng hơn, các khoản điều chỉnh ' +
  '(đời xe, số km, tình trạng) và số xe so sánh. 422 khi chưa đủ dữ liệu (kèm đề nghị định giá trực tiếp).';

export function valuationsRoutes(d: ValuationRoutesDeps) {
  const limiter = new RateLimiter(d.counters, 'valuation', d.ratePerMinute, 60_000);
  return async (app: App) => {
    const pub = { access: 'public' as const };
    const staff = { access: 'MANAGE_CAR' as const };

    app.post(
      '/valuations',
      {
        config: pub,
        onRequest: async (req) => {
          if (!(await limiter.hit(req.ip)))
            throw tooMany('Bạn định giá quá nhiều lần, vui lòng thử lại sau ít phút');
        },
        schema: {
          tags,
          summary: 'Định giá xe tức thì (giá tham khảo)',
          description:
            `Xe theo carName hoặc brand, model (version), cùng year, odo; tùy chọn transmission, fuel, owners, accident, flood, serviceHistory, province. ${answerDoc} ` +
            'Giới hạn theo địa chỉ IP (VALUATION_RATE_LIMIT, mặc định 60 mỗi phút).',
          body: valuationInput,
          response: { 200: valuationSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return publicView(await d.service.value(req.body));
      },
    );

    app.get(
      '/valuations/catalogue',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Hãng, dòng và phiên bản xe có đủ dữ liệu để định giá',
          response: { 200: valuationCatalogueSchema },
        },
      },
      () => d.service.catalogue(),
    );

    app.post(
      '/valuations/staff',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Định giá cho nhân viên: kèm từng xe so sánh (giá đã điều chỉnh, tỷ trọng)',
          description: `${answerDoc} excludeCarId: bỏ xe đang định giá khỏi dữ liệu so sánh.`,
          body: staffValuationInput,
          response: { 200: staffValuationSchema },
        },
      },
      async (req) => {
        const { excludeCarId, ...q } = req.body;
        return staffView(await d.service.value({ ...q, excludeCarIds: excludeCarId ? [excludeCarId] : [] }));
      },
    );

    app.get(
      '/stock-ageing',
      {
        config: staff,
        schema: {
          tags,
          summary:
            'Tuổi tồn kho: xe đang bán theo số ngày trong kho, so với giá thị trường, kèm đề xuất giảm giá',
          description: 'bucket: 0-30 | 31-60 | 61-90 | 90+; page, size. Xe lâu nhất trước.',
          querystring: stockAgeingQuery,
          response: { 200: stockAgeingSchema },
        },
      },
      (req) => d.service.stockAgeing(req.query),
    );
  };
}
