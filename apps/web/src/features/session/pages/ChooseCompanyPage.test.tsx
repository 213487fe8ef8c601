// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { companyItem } from '../../../test/fixtures';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import ChooseCompanyPage from './ChooseCompanyPage';

describe('选择企业 after login', () => {
  // A failed call left the page with its tip and no company, nothing said: the user could only go back to login.
  it('says the list failed to load and 重试 loads the companies', async () => {
    let fail = true;
    server.use(
      http.get('/api/usr/users/GetCompanys', () =>
        fail
          ? serverFailure()
          : HttpResponse.json({ data: [companyItem(1, '演示科技有限公司', true), companyItem(2, '示例传媒', false)] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<ChooseCompanyPage />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('button', { name: /演示科技有限公司/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /示例传媒/ })).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
