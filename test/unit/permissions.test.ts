import { describe, expect, it } from 'vitest';
import {
  canSeeAccountGroup,
  hasPermission,
  isPermission,
  NO_ACCESS_MESSAGE,
  PERMISSION_LABELS,
  PERMISSIONS,
} from '../../src/contract/permissions';

describe('permission rules', () => {
  it('has the seven permissions of the spec, each with a Vietnamese label', () => {
    expect([...PERMISSIONS]).toEqual([
      'MANAGE_OVERVIEW',
      'MANAGE_USER',
      'MANAGE_CAR',
      'MANAGE_BLOG',
      'MANAGE_SERVICE',
      'MANAGE_RECRUITMENT',
      'WEB_CONFIG',
    ]);
    for (const p of PERMISSIONS) expect(PERMISSION_LABELS[p]).toMatch(/^[A-ZĐ]/);
    expect(NO_ACCESS_MESSAGE).toBe('Bạn không có quyền truy cập vào trang này!');
  });

  it('ADMIN may do everything; anyone else needs the permission', () => {
    const admin = { role: 'ADMIN', permissions: [] };
    const blogger = { role: 'STAFF', permissions: ['MANAGE_BLOG'] };
    for (const p of PERMISSIONS) expect(hasPermission(admin, p)).toBe(true);
    expect(hasPermission(blogger, 'MANAGE_BLOG')).toBe(true);
    expect(hasPermission(blogger, 'MANAGE_CAR')).toBe(false);
    expect(hasPermission({ role: 'admin', permissions: [] }, 'MANAGE_CAR')).toBe(false); // roles are exact
    expect(hasPermission(null, 'MANAGE_BLOG')).toBe(false);
    expect(hasPermission(undefined, 'MANAGE_BLOG')).toBe(false);
  });

  it('shows the account group with MANAGE_USER or MANAGE_RECRUITMENT', () => {
    expect(canSeeAccountGroup({ role: 'ADMIN', permissions: [] })).toBe(true);
    expect(canSeeAccountGroup({ role: 'STAFF', permissions: ['MANAGE_USER'] })).toBe(true);
    expect(canSeeAccountGroup({ role: 'STAFF', permissions: ['MANAGE_RECRUITMENT'] })).toBe(true);
    expect(canSeeAccountGroup({ role: 'STAFF', permissions: ['MANAGE_BLOG', 'WEB_CONFIG'] })).toBe(false);
    expect(canSeeAccountGroup({ role: 'STAFF', permissions: [] })).toBe(false);
    expect(canSeeAccountGroup(null)).toBe(false);
  });

  it('recognises permission names exactly', () => {
    expect(isPermission('WEB_CONFIG')).toBe(true);
    expect(isPermission('web_config')).toBe(false);
    expect(isPermission(7)).toBe(false);
  });
});
