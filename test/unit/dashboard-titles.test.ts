import { describe, expect, it } from 'vitest';
import { dashboardTitle } from '../../src/contract/dashboard-titles';
import { NOT_FOUND_TITLE } from '../../src/contract/page-titles';
import { dashboardRoutes } from '../../src/web/app/dashboard-routes';

// Each dashboard page is titled by its own name, on the server and in the browser (the same function).
describe('dashboard titles', () => {
  it('name a page by its route, with or without an id, a query or a trailing slash', () => {
    expect(dashboardTitle('/dashboard')).toBe('Tổng quan');
    expect(dashboardTitle('/dashboard/')).toBe('Tổng quan');
    expect(dashboardTitle('/dashboard/carManagement?page=2')).toBe('Quản lý xe');
    expect(dashboardTitle('/dashboard/car/edit/12?tab=giay-to')).toBe('Sửa thông tin xe');
    expect(dashboardTitle('/dashboard/users/add')).toBe('Thêm tài khoản');
    expect(dashboardTitle('/dashboard/users/7')).toBe('Sửa tài khoản');
    expect(dashboardTitle('/dashboard/khong-co')).toBe(NOT_FOUND_TITLE);
    expect(dashboardTitle('/dashboard/car/edit')).toBe(NOT_FOUND_TITLE);
  });

  it('cover every page the dashboard router has', () => {
    const paths = dashboardRoutes.flatMap((r) => (r.index ? [''] : r.path && r.path !== '*' ? [r.path] : []));
    expect(paths.length).toBeGreaterThan(20);
    const untitled = paths.filter(
      (p) => dashboardTitle(`/dashboard/${p.replace(/:\w+/g, '5')}`) === NOT_FOUND_TITLE,
    );
    expect(untitled).toEqual([]);
  });
});
