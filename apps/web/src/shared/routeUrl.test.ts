import { radarRoutes } from '@huoke/contracts/routes/radar';
import { statsRoutes } from '@huoke/contracts/routes/stats';
import { describe, expect, it } from 'vitest';
import { urlOf } from './routeUrl';

describe('urlOf (the typed client’s address of a route object)', () => {
  it('fills path parameters, encoded', () => {
    expect(urlOf(radarRoutes.visitor, { params: { id: 42 } })).toBe('/cus/WeChatUserInfo/Detail/42');
    expect(urlOf(statsRoutes.chart, { params: { hash: 'a b/c' }, query: { days: 7 } })).toBe(
      '/crm/controlpanal/a%20b%2Fc?days=7',
    );
  });

  it('leaves out empty query values and keeps the rest', () => {
    expect(urlOf(radarRoutes.chart, { query: { startTime: '2026-01-01', endTime: undefined } })).toBe(
      '/cus/UserBehavior/VisitorChart?startTime=2026-01-01',
    );
    expect(urlOf(radarRoutes.chart, { query: { startTime: '', endTime: undefined } })).toBe(
      '/cus/UserBehavior/VisitorChart',
    );
  });
});
