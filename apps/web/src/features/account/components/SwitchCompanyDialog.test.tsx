// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { clearMessages } from '../../../shared/request';
import { companyItem } from '../../../test/fixtures';
import { adminPasswordRefusal, refusalShown, serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { SwitchCompanyDialog } from './SwitchCompanyDialog';

const company = (id: number, customerName: string) => companyItem(id, customerName, id === 1);

describe('选择企业', () => {
  // Three cards shared a 390 px phone's row, each too narrow for a company's name.
  it('lays the company cards one to a row on a phone and three to a row from sm up', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({
          data: [company(1, '演示科技有限公司'), company(2, '示例传媒有限公司'), company(3, '第三家有限公司')],
        }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    renderView(<SwitchCompanyDialog open onClose={() => {}} />);
    const cards = await screen.findAllByRole('button', { name: /有限公司/ });
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      const cell = card.parentElement?.className.split(/\s+/) ?? [];
      expect(cell).toEqual(expect.arrayContaining(['ant-col-xs-24', 'ant-col-sm-8']));
    }
  });

  // The current company's card (with 当前企业 below) stood taller, and the next card's lines sat centred beside it.
  it('gives the cards of a row one height, each with its lines from the top', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [company(1, '演示科技有限公司'), company(2, '示例传媒有限公司')] }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    renderView(<SwitchCompanyDialog open onClose={() => {}} />);
    const cards = await screen.findAllByRole('button', { name: /有限公司/ });
    expect(cards).toHaveLength(2);
    const row = cards[0].closest('.ant-row') as HTMLElement;
    expect(getComputedStyle(row).alignItems).toBe('stretch');
    expect(getComputedStyle(row).alignContent).toBe('flex-start');
    for (const card of cards) {
      const cell = card.parentElement as HTMLElement;
      expect(getComputedStyle(cell).display).toBe('flex');
      expect(getComputedStyle(card)).toMatchObject({
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'flex-start',
      });
    }
  });

  // The card said 版本：获客通旗舰版, where the workbench, the data view and 费用 call the same thing 套餐.
  it('names the company’s package 套餐, as the workbench and the cost page do', async () => {
    server.use(
      http.get('/api/usr/users/GetCompanys', () => HttpResponse.json({ data: [company(1, '演示科技有限公司')] })),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    renderView(<SwitchCompanyDialog open onClose={() => {}} />);
    expect(await screen.findByText('套餐：获客通旗舰版')).toBeTruthy();
    expect(screen.queryByText(/版本/)).toBeNull();
  });
});

describe('选择企业 when the companies cannot be loaded', () => {
  // A failed call said 您还没有加入任何企业 once its toast was gone, to a member of several companies.
  it('says the list failed to load, not that the reader is in no company, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [company(1, '演示科技有限公司')] }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
    );
    const user = userEvent.setup();
    renderView(<SwitchCompanyDialog open onClose={() => {}} />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('您还没有加入任何企业')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: /演示科技有限公司/ })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});

/** Whether a pointer reaches the element, as user-event decides: the nearest pointer-events set, itself or a parent's. */
const reachable = (el: HTMLElement) => {
  for (let e: HTMLElement | null = el; e; e = e.parentElement) {
    const set = getComputedStyle(e).pointerEvents;
    if (set) return set !== 'none';
  }
  return true;
};

/** The open question's 确定, once it is the only one a pointer reaches. */
async function confirmButton() {
  let button: HTMLElement | undefined;
  await waitFor(() => {
    const open = screen.queryAllByRole('button', { name: /确\s?定/ }).filter(reachable);
    expect(open).toHaveLength(1);
    button = open[0];
  });
  return button as HTMLElement;
}

describe('选择企业 refused for an administrator-set password', () => {
  // The console showed only the words (请使用手机号验证码登录后再试): the reader had to find the way out alone.
  it('offers 使用验证码登录 after the refused switch, and nothing after another failure', async () => {
    let answer = adminPasswordRefusal;
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        HttpResponse.json({ data: [company(1, '演示科技有限公司'), company(2, '示例传媒有限公司')] }),
      ),
      http.get('/api/usr/users/GetMyInvitations', () => HttpResponse.json({ data: [] })),
      http.get('/api/usr/session/SwitchToken/:id', () => answer()),
    );
    const user = userEvent.setup();
    renderView(<SwitchCompanyDialog open onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /示例传媒有限公司/ }));
    clearMessages();
    await user.click(await screen.findByRole('button', { name: /确\s?定/ }));
    const way = await screen.findByRole('button', { name: '使用验证码登录' });
    // The words once, beside the way out: they were a toast as well.
    expect(await refusalShown(way)).toEqual({ toasts: 0, beside: true });

    answer = serverFailure;
    await user.click(screen.getByRole('button', { name: /示例传媒有限公司/ }));
    // The first question's dialog may still be closing (its buttons take no pointer then): click the one that does.
    await user.click(await confirmButton());
    await waitFor(() => expect(screen.queryByRole('button', { name: '使用验证码登录' })).toBeNull());
  });
});
