// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useCompanyChoice } from '../../../shared/companyChoice';
import { useSession } from '../../../shared/session';
import { staffInfo } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import WorkbenchPage from './WorkbenchPage';

afterEach(() => {
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
