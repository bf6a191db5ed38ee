import { carsAdminQuery } from '../../../contract/cars';
import { fileAnswer } from '../../../contract/common';
import { type LeadType, leadsQuery } from '../../../contract/leads';
import { candidatesQuery } from '../../../contract/recruitment';
import { salesQuery } from '../../../contract/sales';
import { statsRangeQuery } from '../../../contract/stats';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { CarsService } from '../cars/service';
import type { DashboardService } from '../dashboard/service';
import type { LeadsService } from '../leads/service';
import type { RecruitmentService } from '../recruitment/service';
import type { SalesService } from '../sales/service';
import { CANDIDATE_COLUMNS, CAR_COLUMNS, LEAD_COLUMNS, SALE_COLUMNS } from './columns';
import { FIGURE_COLUMNS, figureRows } from './recon-rows';
import type { ExportFormat, ExportsService } from './service';

const tags = ['Xuất dữ liệu'];
const FORMATS: ExportFormat[] = ['xlsx', 'csv'];
const exportFile: Record<ExportFormat, ReturnType<typeof fileAnswer>> = {
  xlsx: fileAnswer('Bảng tính Excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  csv: fileAnswer('CSV (UTF-8)', 'text/csv'),
};

/** The lead lists by their path segment (exports/leads/{kind}.xlsx). */
export const LEAD_EXPORTS: Record<string, { type: LeadType; file: string; sheet: string }> = {
  testdrive: { type: 'TEST_DRIVE', file: 'yeu-cau-lai-thu', sheet: 'Lái thử' },
  maintenance: { type: 'MAINTENANCE', file: 'yeu-cau-bao-duong', sheet: 'Bảo dưỡng' },
  consulting: { type: 'CONSULTING', file: 'yeu-cau-tu-van', sheet: 'Tư vấn' },
  purchase: { type: 'PURCHASE', file: 'yeu-cau-thu-mua', sheet: 'Thu mua xe' },
};

export interface ExportSources {
  exports: ExportsService;
  sales: SalesService;
  cars: CarsService;
  leads: LeadsService;
  recruitment: RecruitmentService;
  /** The overview's reconditioning and stock figures (GET dashboard/recon). */
  dashboard: DashboardService;
}

/**
 * GET /api/exports/{sales,cars,candidates}.{xlsx,csv} and /api/exports/leads/{testdrive,maintenance,
 * consulting}.{xlsx,csv}: each with the filters and the permission of its list, audit-logged.
 */
export function exportsRoutes(s: ExportSources) {
  return async (app: App) => {
    for (const format of FORMATS) {
      const upper = format.toUpperCase();

      app.get(
        `/exports/sales.${format}`,
        {
          config: { access: 'MANAGE_CAR' },
          schema: {
            response: { 200: exportFile[format] },
            tags,
            summary: `Lịch sử bán hàng (${upper}), bộ lọc như GET soldhistory`,
            querystring: salesQuery,
          },
        },
        (req, reply) =>
          s.exports.send(actorOf(req), reply, format, {
            file: 'lich-su-ban-hang',
            sheet: 'Lịch sử bán hàng',
            entity: 'sale',
            columns: SALE_COLUMNS,
            filters: req.query,
            fetch: (page, size) => s.sales.list({ ...req.query, page, size }),
          }),
      );

      app.get(
        `/exports/cars.${format}`,
        {
          config: { access: 'MANAGE_CAR' },
          schema: {
            response: { 200: exportFile[format] },
            tags,
            summary: `Danh sách xe (${upper}), bộ lọc như GET cars/admin`,
            querystring: carsAdminQuery,
          },
        },
        (req, reply) =>
          s.exports.send(actorOf(req), reply, format, {
            file: 'danh-sach-xe',
            sheet: 'Danh sách xe',
            entity: 'car',
            columns: CAR_COLUMNS,
            filters: req.query,
            fetch: async (page, size) => {
              // The sale of each sold car comes from the sales book, in one query per page.
              const cars = await s.cars.adminList({ ...req.query, page, size });
              const sold = await s.sales.activeSaleIds(cars.content.map((c) => c.carId));
              return {
                ...cars,
                content: cars.content.map((c) => ({ ...c, saleId: sold.get(c.carId) ?? null })),
              };
            },
          }),
      );

      app.get(
        `/exports/recon-stats.${format}`,
        {
          config: { access: 'MANAGE_CAR' },
          schema: {
            response: { 200: exportFile[format] },
            tags,
            summary: `Chỉ số chuẩn bị xe và giá vốn (${upper}): các số của GET dashboard/recon, một dòng mỗi chỉ số`,
            querystring: statsRangeQuery,
          },
        },
        async (req, reply) => {
          const rows = figureRows(await s.dashboard.recon.stats(req.query));
          return s.exports.send(actorOf(req), reply, format, {
            file: 'chi-so-chuan-bi-xe',
            sheet: 'Chuẩn bị xe và giá vốn',
            entity: 'stats',
            columns: FIGURE_COLUMNS,
            filters: req.query,
            fetch: async () => ({
              content: rows,
              page: 1,
              size: rows.length,
              totalElements: rows.length,
              totalPages: 1,
            }),
          });
        },
      );

      for (const [kind, lead] of Object.entries(LEAD_EXPORTS)) {
        app.get(
          `/exports/leads/${kind}.${format}`,
          {
            config: { access: 'MANAGE_SERVICE' },
            schema: {
              response: { 200: exportFile[format] },
              tags,
              summary: `Yêu cầu ${lead.sheet.toLowerCase()} (${upper}), bộ lọc như danh sách quản lý`,
              querystring: leadsQuery,
            },
          },
          (req, reply) =>
            s.exports.send(actorOf(req), reply, format, {
              file: lead.file,
              sheet: lead.sheet,
              entity: 'lead',
              columns: LEAD_COLUMNS[lead.type],
              filters: { type: lead.type, ...req.query },
              fetch: (page, size) => s.leads.list(lead.type, { ...req.query, page, size }),
            }),
        );
      }

      app.get(
        `/exports/candidates.${format}`,
        {
          config: { access: 'MANAGE_RECRUITMENT' },
          schema: {
            response: { 200: exportFile[format] },
            tags,
            summary: `Ứng viên (${upper}), bộ lọc như GET candidates`,
            querystring: candidatesQuery,
          },
        },
        (req, reply) =>
          s.exports.send(actorOf(req), reply, format, {
            file: 'ung-vien',
            sheet: 'Ứng viên',
            entity: 'candidate',
            columns: CANDIDATE_COLUMNS,
            filters: req.query,
            fetch: (page, size) => s.recruitment.listCandidates({ ...req.query, page, size }),
          }),
      );
    }
  };
}
