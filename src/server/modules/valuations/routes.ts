import {
  pricingSchema,
  repricingApplyParams,
  repricingRowSchema,
  repricingSchema,
} from '../../../contract/pricing';
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
import { actorOf } from '../../platform/actor';
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

    app.get(
      '/valuations/pricing',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Giá so với thị trường: từng xe trong kho với giá thị trường, tỷ lệ giá bán và giá vốn',
          description:
            'marketValue: ước tính không tính tin đăng của chính xe; priceToMarket = giá bán ÷ giá thị trường; ' +
            'costToMarket = giá vốn thực ÷ giá thị trường; số xe so sánh và tuổi của chúng (ngày); nhãn giá công khai.',
          response: { 200: pricingSchema },
        },
      },
      () => d.service.pricing(),
    );

    app.get(
      '/valuations/repricing',
      {
        config: staff,
        schema: {
          tags,
          summary:
            'Xe cần điều chỉnh giá: ngoài khoảng giá/thị trường theo số ngày trong kho, kèm giá đề xuất',
          response: { 200: repricingSchema },
        },
      },
      () => d.service.repricing(),
    );

    app.post(
      '/valuations/repricing/:carId',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Áp dụng giá đề xuất cho một xe (ghi lịch sử giá và nhật ký)',
          description: '409 khi xe không còn trong danh sách cần điều chỉnh giá.',
          params: repricingApplyParams,
          response: { 200: repricingRowSchema },
        },
      },
      (req) => d.service.applyRepricing(req.params.carId, actorOf(req)),
    );
  };
}
