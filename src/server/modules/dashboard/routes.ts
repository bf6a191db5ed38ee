import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { leadSourceStatsSchema } from '../../../contract/leads';
import { hasPermission } from '../../../contract/permissions';
import { reconStatsSchema } from '../../../contract/recon-stats';
import {
  brandSalesRowSchema,
  brandStockRowSchema,
  carStatsSchema,
  dashboardSummarySchema,
  firstResponseRowSchema,
  leadResponseStatsSchema,
  leadWeekRowSchema,
  monthSalesRowSchema,
  monthsQuery,
  reservationStatsSchema,
  STATS_STATUSES,
  STATUS_PATHS,
  salesPerformanceSchema,
  salespersonRowSchema,
  statsRangeQuery,
  statusCarCountSchema,
  statusCarsQuery,
  yearSalesRowSchema,
} from '../../../contract/stats';
import type { App } from '../../context';
import { forbidden } from '../../platform/errors';
import type { DashboardService } from './service';

const tags = ['Thống kê'];

/**
 * The one rule for money on the overview: the stock's value, revenue and margins are the car managers'
 * (MANAGE_CAR, or an admin). Calls every staff member may make answer the counts to everyone and the
 * money as 0 to the others; the sales calls need MANAGE_CAR outright.
 */
const seesMoney = (req: FastifyRequest) => hasPermission(req.user, 'MANAGE_CAR');
const noStockValue = <T extends { stockValue: number }>(row: T): T => ({ ...row, stockValue: 0 });
const RANGE = 'from, to: dd/mm/yyyy hoặc yyyy-mm-dd (ngày Việt Nam, tính cả hai đầu)';

/**
 * GET /api/dashboard/... (any signed-in staff). The service-requests counts are the
 * leads module's (GET dashboard/service-requests). Shapes: src/contract/stats.ts, docs/statistics.md.
 */
export function dashboardRoutes(service: DashboardService) {
  return async (app: App) => {
    const config = { access: 'auth' as const };
    // Revenue, purchase prices and margins are the car managers' (the overview shows them only to them).
    const sales = { access: 'MANAGE_CAR' as const };

    app.get(
      '/dashboard/cars',
      {
        config,
        schema: {
          response: { 200: carStatsSchema },
          tags,
          summary: `Số xe theo trạng thái và giá trị kho (giá trị kho chỉ cho quyền MANAGE_CAR; ${RANGE})`,
          querystring: statsRangeQuery,
        },
      },
      async (req) => {
        const stats = await service.inventory.cars(req.query);
        return seesMoney(req) ? stats : noStockValue(stats);
      },
    );

    for (const status of STATS_STATUSES) {
      app.get(
        `/dashboard/${STATUS_PATHS[status]}`,
        {
          config,
          schema: {
            response: { 200: statusCarCountSchema },
            tags,
            summary: `Số xe ${status}; list=true&page&size: danh sách xe (cần quyền MANAGE_CAR)`,
            querystring: statusCarsQuery,
          },
        },
        (req) => {
          // The counts are for every staff member; the cars themselves (sale prices) for car managers.
          if (req.query.list && !hasPermission(req.user, 'MANAGE_CAR')) throw forbidden();
          return service.inventory.byStatus(status, req.query);
        },
      );
    }

    app.get(
      '/dashboard/sold-cars-by-brand',
      {
        config: sales,
        schema: {
          response: { 200: z.array(brandSalesRowSchema) },
          tags,
          summary: 'Số xe đã bán và doanh thu theo hãng',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.sales.soldByBrand(req.query),
    );

    app.get(
      '/dashboard/total-cars-by-brand',
      {
        config,
        schema: {
          response: { 200: z.array(brandStockRowSchema) },
          tags,
          summary: 'Tổng số xe theo hãng và trạng thái (giá trị kho chỉ cho quyền MANAGE_CAR)',
          querystring: statsRangeQuery,
        },
      },
      async (req) => {
        const rows = await service.inventory.totalByBrand(req.query);
        return seesMoney(req) ? rows : rows.map(noStockValue);
      },
    );

    app.get(
      '/dashboard/reservations',
      {
        config: sales,
        schema: {
          response: { 200: reservationStatsSchema },
          tags,
          summary:
            'Đặt cọc giữ xe: số yêu cầu, đã cọc, thành giao dịch bán, hết hạn, hủy, hoàn cọc, tiền cọc đã nhận',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.reservations(req.query),
    );

    app.get(
      '/dashboard/sold-cars-by-years',
      {
        config: sales,
        schema: {
          response: { 200: z.array(yearSalesRowSchema) },
          tags,
          summary: 'Số xe đã bán và doanh thu theo năm',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.sales.soldByYears(req.query),
    );

    app.get(
      '/dashboard/sold-cars-by-months',
      {
        config: sales,
        schema: {
          response: { 200: z.array(monthSalesRowSchema) },
          tags,
          summary:
            'Số xe đã bán và doanh thu theo tháng (year: 12 tháng của năm, tháng không có giao dịch = 0)',
          querystring: monthsQuery,
        },
      },
      (req) => service.sales.soldByMonths(req.query),
    );

    app.get(
      '/dashboard/summary',
      {
        config,
        schema: {
          response: { 200: dashboardSummarySchema },
          tags,
          summary: 'Các chỉ số tổng quan (thẻ KPI)',
          querystring: statsRangeQuery,
        },
      },
      async (req) => {
        const summary = await service.summary(req.query);
        if (seesMoney(req)) return summary;
        // Without MANAGE_CAR the cards show stock and leads, not money.
        return { ...noStockValue(summary), revenue: 0, previousRevenue: 0, revenueChange: null };
      },
    );

    app.get(
      '/dashboard/sales-performance',
      {
        config: sales,
        schema: {
          response: { 200: salesPerformanceSchema },
          tags,
          summary: 'Doanh thu, lợi nhuận trung bình, số ngày tồn kho trung bình',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.sales.salesPerformance(req.query),
    );

    // Reconditioning costs, true-cost margins and holding cost are money: the car managers' figures.
    app.get(
      '/dashboard/recon',
      {
        config: sales,
        schema: {
          response: { 200: reconStatsSchema },
          tags,
          summary: `Thời gian lên sàn, xe theo công đoạn, chi phí tân trang, lãi trên giá vốn thực, vốn tồn kho (${RANGE})`,
          querystring: statsRangeQuery,
        },
      },
      (req) => service.recon.stats(req.query),
    );

    app.get(
      '/dashboard/salespeople',
      {
        config: sales,
        schema: {
          response: { 200: z.array(salespersonRowSchema) },
          tags,
          summary: 'Doanh số theo nhân viên bán hàng',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.sales.salespeople(req.query),
    );

    app.get(
      '/dashboard/leads-by-week',
      {
        config,
        schema: {
          response: { 200: z.array(leadWeekRowSchema) },
          tags,
          summary: 'Số yêu cầu dịch vụ theo tuần',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.leads.leadsByWeek(req.query),
    );

    app.get(
      '/dashboard/first-response',
      {
        config,
        schema: {
          response: { 200: z.array(firstResponseRowSchema) },
          tags,
          summary: 'Thời gian phản hồi đầu tiên theo nhân viên (trung vị, phân vị 90, tỷ lệ trong 5 phút)',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.firstResponse(req.query),
    );

    app.get(
      '/dashboard/lead-response',
      {
        config,
        schema: {
          response: { 200: leadResponseStatsSchema },
          tags,
          summary: 'Tỷ lệ yêu cầu được liên hệ trong 24 giờ',
          querystring: statsRangeQuery,
        },
      },
      (req) => service.leads.leadResponse(req.query),
    );

    app.get(
      '/dashboard/lead-sources',
      {
        config,
        schema: {
          response: { 200: leadSourceStatsSchema },
          tags,
          summary: `Nguồn khách hàng: yêu cầu theo kênh, nguồn và chiến dịch (${RANGE})`,
          querystring: statsRangeQuery,
        },
      },
      (req) => service.leads.leadSources(req.query),
    );
  };
}
