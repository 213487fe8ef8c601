import { describe, expect, it } from 'vitest';
import { CompanyVersions } from '../../lib/company-versions.js';
import type { ShareInfo } from '../../ports/index.js';
import { ShareCache } from './beacon.js';

const info: ShareInfo = {
  code: 'abcdefghij',
  companyId: 7,
  sharerId: 1,
  kind: 1,
  contentId: 1,
  title: '文章',
  active: true,
};

describe('a share looked up while its company changes', () => {
  it('is looked up again on the next beacon when the link was stopped during its first load', async () => {
    const versions = new CompanyVersions();
    const cache = new ShareCache(versions);
    let loads = 0;
    // The first load reads the live share; the stop commits and bumps the company before the load returns.
    const first = await cache.get(info.code, async () => {
      loads++;
      await versions.bump(info.companyId);
      return info;
    });
    expect(first?.active).toBe(true);
    const again = await cache.get(info.code, async () => {
      loads++;
      return { ...info, active: false };
    });
    expect(loads).toBe(2);
    expect(again?.active).toBe(false);
    // Nothing changed since: the third beacon is answered from the cache.
    await cache.get(info.code, async () => {
      loads++;
      return { ...info, active: false };
    });
    expect(loads).toBe(2);
  });

  it("counts every company's console change, not stored events", async () => {
    const versions = new CompanyVersions();
    const before = versions.changes();
    await versions.bump(3, 'events');
    expect(versions.changes()).toBe(before);
    await versions.bump(3);
    await versions.bump(4);
    expect(versions.changes()).toBe(before + 2);
    versions.invalidateAll();
    expect(versions.changes()).toBe(before + 3);
  });
});
