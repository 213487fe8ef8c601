// @vitest-environment happy-dom
import type { FollowUp } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { FollowUpTab } from './FollowUpTab';

/** A visitor's follow-up log kept by the mocked server: a POST adds a note, the GET answers the notes. */
function followUpServer(stage: FollowUp['stage'] = 'new') {
  const notes: FollowUp[] = [];
  server.use(
    http.get('/api/cus/leads/FollowUps', () => HttpResponse.json({ stage, nextContactOn: null, data: notes })),
    http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', () =>
      HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1, next: null }),
    ),
    http.post('/api/cus/leads/FollowUps', async ({ request }) => {
      const body = (await request.json()) as { visitorId: number; text: string; stage: FollowUp['stage'] };
      const note: FollowUp = {
        id: notes.length + 1,
        visitorId: body.visitorId,
        userId: 1,
        userName: '王经理',
        text: body.text,
        stage: body.stage,
        fromStage: body.stage === 'new' ? null : 'new',
        nextContactOn: null,
        createdAt: '2026-11-26T02:00:00Z',
      };
      notes.unshift(note);
      return HttpResponse.json(note);
    }),
  );
  return notes;
}

describe('follow-up note form (radar drawer)', () => {
  it('starts empty at the visitor’s stage, saves a note and shows it in the timeline', async () => {
    const notes = followUpServer();
    const user = userEvent.setup();
    renderView(<FollowUpTab id={7} />);
    expect(await screen.findByText('暂无跟进记录')).toBeTruthy();
    const form = screen.getByTestId('follow-up-form');
    expect(within(form).getByText('新线索')).toBeTruthy();

    await user.type(within(form).getByLabelText('跟进内容'), '约了周五上门演示');
    await user.click(screen.getByTestId('follow-up-save'));
    expect(await screen.findByText('跟进已保存')).toBeTruthy();
    expect(notes.map((n) => [n.visitorId, n.text, n.stage])).toEqual([[7, '约了周五上门演示', 'new']]);

    const item = await screen.findByTestId('follow-up-item');
    expect(within(item).getByText('约了周五上门演示')).toBeTruthy();
    expect(within(item).getByText(/王经理 添加了跟进/)).toBeTruthy();
    expect((within(form).getByLabelText('跟进内容') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the lead’s own stage (跟进中), and a note saved as it is keeps that stage', async () => {
    const notes = followUpServer('working');
    const user = userEvent.setup();
    renderView(<FollowUpTab id={8} />);
    expect(await screen.findByText('暂无跟进记录')).toBeTruthy();
    const form = screen.getByTestId('follow-up-form');
    expect(within(form).getByText('跟进中')).toBeTruthy();
    expect(within(form).queryByText('新线索')).toBeNull();
    await user.type(within(form).getByLabelText('跟进内容'), '电话沟通了报价');
    await user.click(screen.getByTestId('follow-up-save'));
    expect(await screen.findByText('跟进已保存')).toBeTruthy();
    expect(notes.map((n) => [n.visitorId, n.stage])).toEqual([[8, 'working']]);
  });

  it('refuses a note that says nothing and changes nothing, and sends nothing', async () => {
    const notes = followUpServer();
    const user = userEvent.setup();
    renderView(<FollowUpTab id={7} />);
    expect(await screen.findByText('暂无跟进记录')).toBeTruthy();
    await user.click(screen.getByTestId('follow-up-save'));
    expect(await screen.findByText('请填写跟进内容，或修改阶段、下次联系日期')).toBeTruthy();
    expect(notes).toEqual([]);
  });

  it('says so when the log cannot be loaded', async () => {
    followUpServer();
    server.use(http.get('/api/cus/leads/FollowUps', () => HttpResponse.json({ title: '服务器错误' }, { status: 500 })));
    renderView(<FollowUpTab id={7} />);
    expect(await screen.findByText('跟进记录加载失败')).toBeTruthy();
  });
});
