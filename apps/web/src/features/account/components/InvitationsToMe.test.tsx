// @vitest-environment happy-dom
import type { MyInvitationItem } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { ADMIN_PASSWORD_ELSEWHERE, refusalShown, serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { InvitationsToMe } from './InvitationsToMe';

const invitation: MyInvitationItem = {
  id: 7,
  companyName: '示例传媒',
  role: 'staff',
  inviterName: '孙管理',
  createTime: '2026-11-27T02:00:00Z',
};

/** The invitations call answers `pending` until an answer (accept or decline) is posted, then nothing. */
function invitationsServer() {
  const answers: string[] = [];
  server.use(
    http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: answers.length ? [] : [invitation] })),
    http.post('/api/usr/users/AcceptInvitation/:id', ({ params }) => {
      answers.push(`accept ${params.id}`);
      return HttpResponse.json({ id: 2 });
    }),
    http.post('/api/usr/users/DeclineInvitation/:id', ({ params }) => {
      answers.push(`decline ${params.id}`);
      return HttpResponse.json({ ok: true });
    }),
  );
  return answers;
}

describe('invitations to me (切换企业)', () => {
  it('names who invites me to which company and role; 接受 joins and the invitation goes away', async () => {
    const answers = invitationsServer();
    const user = userEvent.setup();
    renderView(<InvitationsToMe open />);
    expect(await screen.findByText('孙管理 邀请您以员工身份加入「示例传媒」')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '接 受' }));
    await waitFor(() => expect(answers).toEqual(['accept 7']));
    expect(await screen.findByText('已加入「示例传媒」，可在下方切换到该企业')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/邀请您以员工身份加入/)).toBeNull());
  });

  it('拒绝 asks first and declines only once confirmed', async () => {
    const answers = invitationsServer();
    const user = userEvent.setup();
    renderView(<InvitationsToMe open />);
    await user.click(await screen.findByRole('button', { name: '拒 绝' }));
    expect(await screen.findByText('拒绝「示例传媒」的邀请？')).toBeTruthy();
    expect(answers).toEqual([]);
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(answers).toEqual(['decline 7']));
    expect(await screen.findByText('已拒绝邀请')).toBeTruthy();
  });

  it("接受 from a login with a password an administrator set: the server's 403 tells how to go on; the invitation stays", async () => {
    const detail = ADMIN_PASSWORD_ELSEWHERE;
    server.use(
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [invitation] })),
      http.post('/api/usr/users/AcceptInvitation/:id', () =>
        HttpResponse.json({ status: 403, title: 'Forbidden', detail }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<InvitationsToMe open />);
    await user.click(await screen.findByRole('button', { name: '接 受' }));
    expect(await screen.findByText(detail)).toBeTruthy();
    expect(screen.getByText('孙管理 邀请您以员工身份加入「示例传媒」')).toBeTruthy();
  });
});

describe('invitations to me that failed to load', () => {
  // A failed call showed nothing, as if nobody had invited me.
  it('says 列表加载失败 under 邀请您加入的企业, and 重试 shows the invitations', async () => {
    let fail = true;
    server.use(
      http.get('/api/usr/users/GetMyInvitations', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [invitation] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<InvitationsToMe open />);
    const section = await screen.findByRole('region', { name: '邀请您加入的企业' });
    expect(await within(section).findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(within(section).getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('孙管理 邀请您以员工身份加入「示例传媒」')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });

  it('still shows nothing when nobody invites me', async () => {
    let asked = 0;
    server.use(
      http.get('/api/usr/users/GetMyInvitations', () => {
        asked++;
        return HttpResponse.json({ data: [] });
      }),
    );
    const { container } = renderView(<InvitationsToMe open />);
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.textContent).toBe('');
  });
});

/** Where the router is: the page a button opened. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

describe('接受 refused for an administrator-set password', () => {
  // The console showed only the words (请使用手机号验证码登录后再试): the reader had to find the way out alone.
  // It opened /login?tab=phone alone: after the SMS login the user landed on the workbench, not back on this page.
  it('offers 使用验证码登录, which signs out and opens the login on its SMS-code tab, back to this page after', async () => {
    const detail = ADMIN_PASSWORD_ELSEWHERE;
    const loggedOut: string[] = [];
    server.use(
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [invitation] })),
      http.post('/api/usr/users/AcceptInvitation/:id', () =>
        HttpResponse.json(
          { status: 403, title: 'Forbidden', detail, code: 'ADMIN_SET_PASSWORD' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
      http.delete('/api/usr/session', () => {
        loggedOut.push('logout');
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderView(
      <>
        <InvitationsToMe open />
        <Where />
      </>,
      { path: '/manage/company-manage/info?tab=invitations' },
    );
    clearMessages();
    await user.click(await screen.findByRole('button', { name: '接 受' }));
    const way = await screen.findByRole('button', { name: '使用验证码登录' });
    // The words once, beside the way out: they were a toast as well.
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });
    await user.click(way);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe(
        `/login?tab=phone&redirect=${encodeURIComponent('/manage/company-manage/info?tab=invitations')}`,
      ),
    );
    expect(loggedOut).toEqual(['logout']);
  });

  it('offers nothing for another refusal', async () => {
    server.use(
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [invitation] })),
      http.post('/api/usr/users/AcceptInvitation/:id', () =>
        HttpResponse.json({ status: 403, title: 'Forbidden', detail: '您没有权限执行此操作' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<InvitationsToMe open />);
    await user.click(await screen.findByRole('button', { name: '接 受' }));
    expect(await screen.findByText('您没有权限执行此操作')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '使用验证码登录' })).toBeNull();
  });
});
