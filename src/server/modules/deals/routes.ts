import { fileAnswer, pageOf } from '../../../contract/common';
import { DEAL_DOCUMENT_LABELS } from '../../../contract/deal-documents';
import {
  checklistBody,
  checklistParam,
  dealCreateBody,
  dealDocumentParam,
  dealIdParam,
  dealPaymentBody,
  dealPaymentQrSchema,
  dealPublicViewSchema,
  dealStatusBody,
  dealSummarySchema,
  dealsQuery,
  dealTokenParam,
  dealUpdateBody,
  dealViewSchema,
  loanCreateBody,
  loanIdParam,
  loanStatusBody,
  transferBody,
  transferParam,
} from '../../../contract/deals';
import type { App } from '../../context';
import { staffOf } from '../../platform/actor';
import { ApiError, badRequest } from '../../platform/errors';
import { readMultipart } from '../../platform/uploads';
import type { Deals } from './index';
import { SCAN_MAX_BYTES, SCAN_TYPES } from './scans';

const tags = ['Giao dịch bán xe'];

/** Deals are the sales staff's: MANAGE_CAR for every call. */
export function dealsRoutes(deals: Deals) {
  return async (app: App) => {
    const config = { access: 'MANAGE_CAR' as const };

    app.get(
      '/deals',
      {
        config,
        schema: {
          tags,
          summary: 'Danh sách giao dịch: status, search, carId, page, size',
          querystring: dealsQuery,
          response: { 200: pageOf(dealSummarySchema) },
        },
      },
      (req) => deals.service.list(req.query),
    );

    app.post(
      '/deals',
      {
        config,
        schema: {
          tags,
          summary: 'Lập giao dịch từ một xe, một đặt cọc (reservationCode) hoặc một khách hàng tiềm năng',
          body: dealCreateBody,
          response: { 201: dealViewSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await deals.service.create(req.body, staffOf(req))),
    );

    app.get(
      '/deals/:dealId',
      {
        config,
        schema: {
          tags,
          summary: 'Chi tiết giao dịch',
          params: dealIdParam,
          response: { 200: dealViewSchema },
        },
      },
      (req) => deals.service.get(req.params.dealId),
    );

    app.put(
      '/deals/:dealId',
      {
        config,
        schema: {
          tags,
          summary: 'Sửa khách hàng, giá, xe đổi, giấy tờ xe, bàn giao',
          params: dealIdParam,
          body: dealUpdateBody,
          response: { 200: dealViewSchema },
        },
      },
      (req) => deals.service.update(req.params.dealId, req.body, staffOf(req)),
    );

    app.put(
      '/deals/:dealId/status',
      {
        config,
        schema: {
          tags,
          summary: 'Chuyển trạng thái (Đã bàn giao ghi nhận bán xe; Đã hủy trả xe về Đang bán)',
          params: dealIdParam,
          body: dealStatusBody,
          response: { 200: dealViewSchema },
        },
      },
      (req) => deals.move(req.params.dealId, req.body, staffOf(req)),
    );

    app.post(
      '/deals/:dealId/payments',
      {
        config,
        schema: {
          tags,
          summary: 'Ghi nhận khoản tiền (cọc, thanh toán, giải ngân, hoàn tiền); số còn phải thu tự tính',
          params: dealIdParam,
          body: dealPaymentBody,
          response: { 201: dealViewSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await deals.service.addPayment(req.params.dealId, req.body, staffOf(req))),
    );

    app.get(
      '/deals/:dealId/payment-qr',
      {
        config,
        schema: {
          tags,
          summary: 'Mã VietQR cho số còn phải thu (nội dung: mã giao dịch; ngân hàng báo về qua webhook)',
          params: dealIdParam,
          response: { 200: dealPaymentQrSchema },
        },
      },
      async (req, reply) =>
        reply.header('cache-control', 'no-store').send(await deals.transfers.balanceQr(req.params.dealId)),
    );

    app.put(
      '/deals/:dealId/checklist/:item',
      {
        config,
        schema: {
          tags,
          summary: 'Giấy tờ cần thu: Chưa nhận / Đã nhận / Đã kiểm tra / Đã trả lại',
          params: checklistParam,
          body: checklistBody,
          response: { 200: dealViewSchema },
        },
      },
      (req) =>
        deals.service.afterSale.setChecklist(
          req.params.dealId,
          req.params.item,
          req.body.status,
          staffOf(req),
        ),
    );

    app.post(
      '/deals/:dealId/checklist/:item/scan',
      {
        config,
        schema: {
          tags,
          summary: 'Tải bản quét giấy tờ (lưu riêng tư)',
          description: 'multipart/form-data: phần `scan` (PDF, JPEG hoặc PNG, tối đa 10 MB).',
          params: checklistParam,
          response: { 200: dealViewSchema },
        },
      },
      async (req) => {
        const parts = await readMultipart(req, {
          files: 'scan',
          maxFiles: 1,
          maxFileBytes: SCAN_MAX_BYTES,
        }).catch((err) => {
          if (err instanceof ApiError && err.status === 413)
            throw new ApiError(413, 'Bản quét vượt quá dung lượng tối đa 10 MB');
          throw err;
        });
        const file = parts.files[0];
        if (!file) throw badRequest('Vui lòng chọn tệp bản quét');
        return deals.scans.put(req.params.dealId, req.params.item, file.prepared, staffOf(req));
      },
    );

    app.get(
      '/deals/:dealId/checklist/:item/scan',
      {
        config,
        schema: {
          tags,
          summary: 'Xem bản quét giấy tờ',
          params: checklistParam,
          response: { 200: fileAnswer('Bản quét', SCAN_TYPES.pdf, SCAN_TYPES.jpg, SCAN_TYPES.png) },
        },
      },
      async (req, reply) => {
        const { file, type, name } = await deals.scans.get(req.params.dealId, req.params.item);
        reply
          .header('content-type', type)
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (file.size !== null) reply.header('content-length', file.size);
        return reply.send(file.body);
      },
    );

    app.put(
      '/deals/:dealId/transfer/:step',
      {
        config,
        schema: {
          tags,
          summary:
            'Bước sang tên: xong (theo thứ tự) hoặc bỏ đánh dấu, người phụ trách; khách được báo qua email',
          params: transferParam,
          body: transferBody,
          response: { 200: dealViewSchema },
        },
      },
      (req) => deals.service.afterSale.setStep(req.params.dealId, req.params.step, req.body, staffOf(req)),
    );

    app.get(
      '/deals/public/:token',
      {
        config: { access: 'public' as const },
        schema: {
          tags,
          summary:
            'Trang của người mua (đường dẫn có chữ ký): tiến trình sang tên, không có số tiền hay giấy tờ',
          params: dealTokenParam,
          response: { 200: dealPublicViewSchema },
        },
      },
      async (req, reply) =>
        reply
          .header('cache-control', 'no-store')
          .send(await deals.service.afterSale.publicView(req.params.token)),
    );

    app.post(
      '/deals/:dealId/loans',
      {
        config,
        schema: {
          tags,
          summary: 'Lập hồ sơ vay với ngân hàng liên kết (từ chối kèm lý do khi vượt quy định của ngân hàng)',
          params: dealIdParam,
          body: loanCreateBody,
          response: { 201: dealViewSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await deals.loans.apply(req.params.dealId, req.body, staffOf(req))),
    );

    app.put(
      '/deals/:dealId/loans/:loanId/status',
      {
        config,
        schema: {
          tags,
          summary: 'Trả lời của ngân hàng: Đã duyệt / Từ chối, rồi Đã giải ngân (ghi vào sổ thu chi)',
          params: loanIdParam,
          body: loanStatusBody,
          response: { 200: dealViewSchema },
        },
      },
      (req) => deals.loans.decide(req.params.dealId, req.params.loanId, req.body, staffOf(req)),
    );

    app.get(
      '/deals/:dealId/documents/:kind',
      {
        config,
        schema: {
          tags,
          summary: `Giấy tờ PDF: ${Object.entries(DEAL_DOCUMENT_LABELS)
            .map(([k, v]) => `${k} (${v})`)
            .join(', ')}`,
          params: dealDocumentParam,
          response: { 200: fileAnswer('PDF khổ A4', 'application/pdf') },
        },
      },
      async (req, reply) => {
        const { kind, dealId } = req.params;
        const doc = await deals.document(dealId, kind);
        return reply
          .header('content-type', 'application/pdf')
          .header('cache-control', 'no-store')
          .header('content-disposition', `inline; filename="${doc.fileName}"`)
          .send(doc.pdf);
      },
    );
  };
}
