import { z } from 'zod';
import { idParam, pageOf } from '../../../contract/common';
import { formatThousands } from '../../../contract/format';
import {
  importResultSchema,
  MARKET_IMPORT_MAX_BYTES,
  MARKET_IMPORT_MAX_MB,
  marketImportsQuery,
  marketImportViewSchema,
  marketPricesQuery,
  marketPriceViewSchema,
} from '../../../contract/market-prices';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { ApiError, badRequest } from '../../platform/errors';
import { readMultipart } from '../../platform/uploads';
import type { MarketPricesService } from './service';

const tags = ['Giá thị trường'];

export function marketPricesRoutes(service: MarketPricesService) {
  return async (app: App) => {
    const staff = { access: 'MANAGE_CAR' as const };

    app.post(
      '/market-prices/import',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Nhập bảng giá thị trường (CSV hoặc XLSX)',
          description:
            `multipart/form-data, phần "file": tệp CSV (UTF-8, dấu phẩy, chấm phẩy hoặc tab) hoặc Excel XLSX, tối đa ${MARKET_IMPORT_MAX_MB} MB. ` +
            'Cột nhận theo tiêu đề tiếng Việt hoặc tiếng Anh: Tên xe / title (hoặc Hãng, Dòng xe, Phiên bản), Năm sản xuất, ' +
            'Số km, Giá; tùy chọn Hộp số, Nhiên liệu, Kiểu dáng, Xuất xứ, Tỉnh/thành, Nguồn, Ngày. ' +
            'Các dòng hợp lệ được lưu trong một giao dịch; dòng trùng được bỏ qua, dòng lỗi được trả về với số dòng và lý do.',
          consumes: ['multipart/form-data'],
          response: { 200: importResultSchema },
        },
      },
      async (req) => {
        const form = await readMultipart(req, {
          files: 'file',
          maxFiles: 1,
          maxFileBytes: MARKET_IMPORT_MAX_BYTES,
        }).catch((err) => {
          if (err instanceof ApiError && err.status === 413)
            throw new ApiError(413, `Tệp vượt quá dung lượng tối đa ${MARKET_IMPORT_MAX_MB} MB`);
          throw err;
        });
        const file = form.files[0];
        if (!file) throw badRequest('Vui lòng chọn tệp CSV hoặc XLSX để nhập');
        return service.importFile({ name: file.filename.slice(0, 200), bytes: file.prepared }, actorOf(req));
      },
    );

    app.get(
      '/market-prices',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Danh sách giá thị trường: search, brand, batchId, page, size (mới nhập trước)',
          querystring: marketPricesQuery,
          response: { 200: pageOf(marketPriceViewSchema) },
        },
      },
      (req) => service.list(req.query),
    );

    app.get(
      '/market-prices/imports',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Các lần nhập bảng giá (mới nhất trước)',
          querystring: marketImportsQuery,
          response: { 200: pageOf(marketImportViewSchema) },
        },
      },
      (req) => service.imports(req.query),
    );

    app.delete(
      '/market-prices/:id',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Xóa một dòng giá thị trường',
          params: idParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (req) => {
        await service.remove(req.params.id, actorOf(req));
        return { message: 'Đã xóa dòng giá thị trường' };
      },
    );

    app.delete(
      '/market-prices/imports/:id',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Xóa một lần nhập cùng mọi dòng giá của nó',
          params: idParam,
          response: { 200: z.object({ message: z.string(), removed: z.number().int() }) },
        },
      },
      async (req) => {
        const { removed } = await service.removeBatch(req.params.id, actorOf(req));
        return { message: `Đã xóa lần nhập và ${formatThousands(removed) || '0'} dòng giá`, removed };
      },
    );
  };
}
