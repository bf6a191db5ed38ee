import { describe, expect, it } from 'vitest';
import { returnPath } from '../../src/web/features/auth/return-path';

describe('the page a staff member returns to after signing in', () => {
  it('is the dashboard link that sent them to /login', () => {
    expect(returnPath({ from: '/dashboard/soldhistory?carId=3' })).toBe('/dashboard/soldhistory?carId=3');
    expect(returnPath({ from: '/dashboard' })).toBe('/dashboard');
  });

  it('is /dashboard for anything else: no state, another site, a public page, a look-alike path', () => {
    for (const state of [
      null,
      undefined,
      {},
      { from: 42 },
      { from: 'https://evil.example/dashboard' },
      { from: '//evil.example/dashboard' },
      { from: '/cars' },
      { from: '/dashboardx' },
    ]) {
      expect(returnPath(state)).toBe('/dashboard');
    }
  });
});
