import { carInput, MAX_PHOTOS_PER_CAR } from '../../../contract/cars';
import { idParam } from '../../../contract/common';
import {
  LEAD_RATE_LIMIT_MESSAGE,
  leadDetailSchema,
  leadReceiptSchema,
  MAX_PURCHASE_PHOTO_BYTES,
  MAX_PURCHASE_PHOTOS,
  purchaseBoughtSchema,
  purchaseCarDraftSchema,
  purchaseForm,
  purchaseOfferBody,
} from '../../../contract/leads';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import { tooMany } from '../../platform/errors';
import { type PreparedImage, prepareImage } from '../../platform/images';
import { parseJsonPart, readMultipart } from '../../platform/uploads';
import type { LeadsService } from './service';

const tags = ['Thu mua xe'];

/**
 * POST /api/purchases (public, multipart: "purchase" JSON and up to 10 "photos"), the offer
 * (MANAGE_SERVICE), and the bought car's draft and saving (MANAGE_CAR: it enters stock). The list,
 * detail, status, assignment, follow-up and notes are the shared management routes under /purchases/admin.
 */
export function purchaseRoutes(app: App, service: LeadsService) {
  const purchases = service.purchases;

  app.post(
    '/purchases',
    {
      config: { access: 'public' },
      onRequest: async (req) => {
        if (!(await purchases.uploadLimiter.hit(req.ip))) throw tooMany(LEAD_RATE_LIMIT_MESSAGE);
      },
      schema: {
        response: { 200: leadReceiptSchema, 201: leadReceiptSchema },
        tags,
        summary: 'Bán xe cho showroom (kể cả đổi xe cũ lấy xe mới)',
        description:
          'multipart/form-data: phần "purchase" là JSON (contract purchaseForm), các phần "photos" là ảnh xe ' +
          `(JPEG, PNG, WebP, HEIC; tối đa ${MAX_PURCHASE_PHOTOS} ảnh, 8 MB mỗi ảnh). Showroom tự định giá lại xe ` +
          'khi nhận. Cùng clientRequestId trả lại yêu cầu đã tạo (200). Giới hạn 5 yêu cầu mỗi 10 phút cho mỗi địa chỉ IP.',
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      const form = await readMultipart<PreparedImage>(req, {
        json: 'purchase',
        files: ['photos', 'photos[]', 'images'],
        maxFiles: MAX_PURCHASE_PHOTOS,
        maxFileBytes: MAX_PURCHASE_PHOTO_BYTES,
        prepare: prepareImage,
        allowJsonBody: true,
      });
      const body = parseJsonPart(purchaseForm, form.json, 'purchase');
      const { receipt, created } = await purchases.submit(
        body,
        form.files.map((f) => f.prepared),
        actorOf(req),
      );
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );

  app.post(
    '/purchases/admin/:id/offer',
    {
      config: { access: 'MANAGE_SERVICE' },
      schema: {
        response: { 200: leadDetailSchema },
        tags,
        summary: 'Báo giá thu mua (gửi email cho người bán nếu có)',
        description:
          'amount (đồng), validUntil (dd/mm/yyyy hoặc yyyy-mm-dd; mặc định 7 ngày, tối đa 60 ngày), note. ' +
          'Chuyển yêu cầu sang "Đã báo giá"; báo giá mới thay báo giá trước.',
        params: idParam,
        body: purchaseOfferBody,
      },
    },
    (req) => purchases.offer(req.params.id, req.body, requireUser(req), actorOf(req)),
  );

  app.get(
    '/purchases/admin/:id/car-draft',
    {
      config: { access: 'MANAGE_CAR' },
      schema: {
        response: { 200: purchaseCarDraftSchema },
        tags,
        summary: 'Dữ liệu điền sẵn cho biểu mẫu xe khi mua xe của khách',
        params: idParam,
      },
    },
    (req) => purchases.carDraft(req.params.id),
  );

  app.post(
    '/purchases/admin/:id/buy',
    {
      config: { access: 'MANAGE_CAR' },
      schema: {
        response: { 201: purchaseBoughtSchema },
        tags,
        summary: 'Đã mua: nhập xe vào kho từ yêu cầu thu mua',
        description:
          'Như thêm xe (phần "car" là JSON carInput, các phần "images" là ảnh thêm). Ảnh của người bán được ' +
          'chép vào đầu danh sách ảnh xe, giá nhập là giá đã báo, và yêu cầu chuyển sang "Đã mua" trong cùng giao dịch.',
        consumes: ['multipart/form-data', 'application/json'],
        params: idParam,
      },
    },
    async (req, reply) => {
      const form = await readMultipart<PreparedImage>(req, {
        json: 'car',
        files: ['images', 'images[]', 'image', 'photos'],
        maxFiles: MAX_PHOTOS_PER_CAR,
        prepare: prepareImage,
        allowJsonBody: true,
      });
      const car = parseJsonPart(carInput, form.json, 'car');
      const bought = await purchases.buy(
        req.params.id,
        car,
        form.files.map((f) => f.prepared),
        requireUser(req),
        actorOf(req),
      );
      return reply.status(201).send(bought);
    },
  );
}
