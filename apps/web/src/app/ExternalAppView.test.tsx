// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConfig } from '../shared/config';
import { useSession } from '../shared/session';
import { staffInfo } from '../test/fixtures';
import { renderLayoutRoutes } from '../test/layoutRoutes';
import { server } from '../test/render';

/** The layout's routes: the workbench, and everything else through the server menu's views. */
function openAt(path: string, role: 'staff' | 'admin' = 'staff') {
  useSession.getState().setSession({ ...staffInfo({ role }), isAdmin: role === 'admin' }, []);
  renderLayoutRoutes(path);
}

const permission = (result: boolean) => {
  const asked: string[] = [];
  server.use(
    http.get('/api/cus/customersaccount/IsPermissionByAppCode/:code', ({ params }) => {
      asked.push(String(params.code));
      return HttpResponse.json({ result });
    }),
    http.get('/api/usr/session/GetSecretKey', () =>
      HttpResponse.json({ key: 'k1', url: 'https://media.example/?key=k1', expiresIn: 300 }),
    ),
  );
  return asked;
};

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('an external application opened by its address', () => {
  // /short-video/meida/, /tube-guest/crm and /big-data-guest/talk typed or bookmarked answered /404; from the
  // sidebar they opened.
  it('checks the permission, takes a key and opens the application in this page', async () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const asked = permission(true);
    openAt('/short-video/meida/');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://media.example/?key=k1'));
    expect(asked).toEqual(['SVIDEO']);
    expect(screen.queryByText('页面不存在')).toBeNull();
  });

  it('without the permission shows the refusal and opens the workbench', async () => {
    const asked = permission(false);
    openAt('/tube-guest/crm');
    await screen.findByText('工作台');
    expect(await screen.findByText('您没有权限使用该应用，请联系企业管理员开通。')).toBeTruthy();
    expect(asked).toEqual(['WJTCRM']);
  });

  // An administrator was told 「请联系企业管理员开通。」: to contact themselves.
  it("tells an administrator to call customer service (SPEC §6's administrator's wording)", async () => {
    permission(false);
    openAt('/big-data-guest/talk', 'admin');
    await screen.findByText('工作台');
    const phone = useConfig.getState().supportPhone;
    expect(phone).toBeTruthy();
    expect(
      await screen.findByText(`您没有权限使用该应用，请拨打电话 ${phone} 联系客服开通指定套餐再使用。`),
    ).toBeTruthy();
  });
});
