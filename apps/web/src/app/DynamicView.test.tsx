// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../shared/session';
import { staffInfo } from '../test/fixtures';
import { renderLayoutRoutes } from '../test/layoutRoutes';

/** The layout's routes, for someone in no company: their menu (the server's) holds only the workbench. */
function openInNoCompany(path: string) {
  useSession.getState().setSession({ ...staffInfo({ companyId: 0, companyName: '' }), customerId: 0 }, []);
  renderLayoutRoutes(path);
}

afterEach(() => useSession.getState().clear());

describe('a page of a company opened by someone in no company', () => {
  // 拓词工具 and the others left their menu; typed or bookmarked, they now answered 页面不存在 (and 文章管理 said the
  // service was missing) where the workbench offers 创建企业 / 加入企业.
  it.each(['/expand-words', '/private-guest/articles'])('%s opens the workbench', async (path) => {
    openInNoCompany(path);
    expect(await screen.findByText('工作台')).toBeTruthy();
    expect(screen.queryByText('页面不存在')).toBeNull();
  });
});
