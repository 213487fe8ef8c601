import { describe, expect, it } from 'vitest';
import { packageLines } from './format';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}:${JSON.stringify(o)}` : key);

describe('workbench package lines', () => {
  it('gives the end date on China’s calendar, the day the cost page shows', () => {
    // 2027-06-16 00:28 in China; the UTC day is the 15th.
    const pkg = {
      state: 'active',
      productName: '获客通旗舰版',
      endDate: '2027-06-15T16:28:45.990Z',
      daysLeft: 200,
    } as const;
    expect(packageLines({ ...pkg }, t).endDate).toBe('2027-06-16');
    expect(packageLines({ ...pkg, endDate: '2027-06-15T03:00:00.000Z' }, t).endDate).toBe('2027-06-15');
  });
});
