// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { AccountTab } from './AccountTab';

const ACCOUNT = '/api/cus/customersaccount';

describe('账户信息 when its lists cannot be loaded', () => {
  // 消费统计 and 成员消费排行 said 暂无数据 after a failed call: the company seemed to have consumed nothing.
  it('says each list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get(`${ACCOUNT}/GetCustomerAccountDetails`, () => serverFailure()),
      http.get(`${ACCOUNT}/GetStatisticalCustomerRecords`, () =>
        fail
          ? serverFailure()
          : HttpResponse.json({
              byKind: [{ kind: 'sms', kindName: '短信', count: 3, quantity: 3, amount: 0.3 }],
              total: { count: 3, quantity: 3, amount: 0.3 },
            }),
      ),
      http.get(`${ACCOUNT}/GetTopCustomerStatisticsList`, () =>
        fail
          ? serverFailure()
          : HttpResponse.json({ data: [{ userId: 2, name: '李员工', count: 3, quantity: 3, amount: 0.3 }] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<AccountTab />);
    const card = async (title: string) => (await screen.findByText(title)).closest('.ant-card') as HTMLElement;
    const stats = await card('消费统计');
    const top = await card('成员消费排行');
    for (const c of [stats, top]) {
      expect(await within(c).findByText('列表加载失败')).toBeTruthy();
      expect(within(c).queryByText('暂无数据')).toBeNull();
    }
    fail = false;
    // By its words: a role query walks the whole page's tables, seconds each on a loaded machine.
    await user.click(within(stats).getByText(/重\s*试/));
    expect(await within(stats).findAllByText('0.30')).not.toHaveLength(0);
    await user.click(within(top).getByText(/重\s*试/));
    expect(await within(top).findByText('李员工')).toBeTruthy();
  });
});
