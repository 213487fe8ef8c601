// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCompanyChoice } from '../../../shared/companyChoice';
import { useSession } from '../../../shared/session';
import { staffInfo } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import WorkbenchPage from './WorkbenchPage';

// Before each test, not after: cleared after a test, the session reached the page still mounted until the harness's
// cleanup, which then asked for a member's figures (two late 500 toasts).
beforeEach(() => {
  useSession.getState().clear();
  useCompanyChoice.getState().answered();
});

describe('the workbench of someone in no company', { timeout: 60_000 }, () => {
  it('points to 创建企业 / 加入企业 and offers no action that cannot work; it asks the server for no figures', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/crm/workbench/Overview', () => {
        asked.push('overview');
        return HttpResponse.json({}, { status: 500 });
      }),
      http.get('/api/cus/leads/Brief', () => {
        asked.push('brief');
        return HttpResponse.json({}, { status: 500 });
      }),
      http.get('/api/crm/workbench/Trend', () => {
        asked.push('trend');
        return HttpResponse.json({}, { status: 500 });
      }),
      // Nobody has applied to join yet (unanswered, the call failed: a 网络异常 toast nobody looked at).
      http.get('/api/usr/users/GetMyApplications', () => HttpResponse.json({ data: [] })),
    );
    useSession
      .getState()
      .setSession({ ...staffInfo({ name: '新人', companyId: 0, companyName: '' }), customerId: 0 }, []);
    const user = userEvent.setup();
    renderView(<WorkbenchPage />);
    expect(await screen.findByText('您还没有加入企业')).toBeTruthy();
    expect(screen.getByText(/创建企业后，您就是企业的管理员/)).toBeTruthy();
    for (const gone of ['写文章', '上传文件', '分享名片', '查看雷达', '快捷操作', '我的数据', '今日跟进简报'])
      expect(screen.queryByText(gone), gone).toBeNull();

    await user.click(screen.getByRole('button', { name: '创建企业' }));
    expect(useCompanyChoice.getState().asked).toBe('create');
    await user.click(screen.getByRole('button', { name: '加入企业' }));
    expect(useCompanyChoice.getState().asked).toBe('join');
    await user.click(screen.getByRole('button', { name: '查看邀请' }));
    expect(useCompanyChoice.getState().asked).toBe('switch');
    expect(asked).toEqual([]);
  });

  // A sent 加入企业 was met by silence: nothing said the application waited, or what its answer was.
  it('shows their own join applications with their answers; an accepted one leads to 选择企业', async () => {
    server.use(
      http.get('/api/usr/users/GetMyApplications', () =>
        HttpResponse.json({
          data: [
            {
              id: 3,
              companyName: '示例传媒有限公司',
              status: 'pending',
              createTime: '2026-12-05T01:00:00.000Z',
              decideTime: null,
            },
            {
              id: 2,
              companyName: '演示科技有限公司',
              status: 'approved',
              createTime: '2026-12-04T01:00:00.000Z',
              decideTime: '2026-12-04T02:30:00.000Z',
            },
          ],
        }),
      ),
    );
    useSession
      .getState()
      .setSession({ ...staffInfo({ name: '新人', companyId: 0, companyName: '' }), customerId: 0 }, []);
    const user = userEvent.setup();
    renderView(<WorkbenchPage />);
    expect(await screen.findByText('已申请加入「示例传媒有限公司」，等待企业管理员审核')).toBeTruthy();
    expect(screen.getByText('提交于 2026-12-05 09:00')).toBeTruthy();
    expect(screen.getByText('「演示科技有限公司」已同意您的加入申请')).toBeTruthy();
    expect(screen.getByText('提交于 2026-12-04 09:00，处理于 2026-12-04 10:30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '进入企业' }));
    expect(useCompanyChoice.getState().asked).toBe('switch');
  });

  it('still shows a member the figures and the quick actions', async () => {
    server.use(
      http.get('/api/crm/workbench/Overview', () => HttpResponse.json({}, { status: 500 })),
      http.get('/api/cus/leads/Brief', () => HttpResponse.json({}, { status: 500 })),
    );
    useSession.getState().setSession(staffInfo(), []);
    renderView(<WorkbenchPage />);
    expect(await screen.findByText('工作台数据加载失败')).toBeTruthy();
    expect(screen.queryByText('您还没有加入企业')).toBeNull();
  });
});
