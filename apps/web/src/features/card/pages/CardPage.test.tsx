// @vitest-environment happy-dom
import type { CardInfo, SpreadTree } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import CardPage from './CardPage';

const card: CardInfo = {
  empId: 42,
  name: '王管理',
  duties: '市场总监',
  icCompanyName: '演示科技有限公司',
  avatar: '',
  phone: '13800000001',
  weChatID: '',
  weChatQRCode: '',
  isShowCompany: true,
  isShowPosition: true,
  isShowWeChat: false,
  isShowPhone: true,
};

describe('my e-card (电子名片)', () => {
  it("opens the card's spread view from beside its link, asking for the card's own spread", async () => {
    const asked: string[] = [];
    const empty: SpreadTree = { sharers: [], nodes: [], levels: [], topSpreaders: [], truncated: false };
    server.use(
      http.get('/api/visitingcard/empcard/GetAppMyDetails', () => HttpResponse.json(card)),
      http.post('/api/visitingcard/empcard/GetCardQR/:id', () =>
        HttpResponse.json({ link: 'http://localhost/s/abc', qrCode: 'data:image/png;base64,AA==' }),
      ),
      http.get('/api/cus/chains/ContentSpread', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(empty);
      }),
    );
    renderView(<CardPage />);
    await userEvent.click(await screen.findByRole('button', { name: /传\s*播/ }));
    const dialog = await screen.findByRole('dialog', { name: '传播路径' });
    expect(await within(dialog).findByText('还没有分享过，分享出去后这里会画出它的传播路径')).toBeTruthy();
    expect(asked).toEqual(['?kind=2&contentId=42']);
  });

  it('says a refused save once at the top and under the field it names, and keeps what was typed', async () => {
    server.use(
      http.get('/api/visitingcard/empcard/GetAppMyDetails', () => HttpResponse.json(card)),
      http.post('/api/visitingcard/empcard/GetCardQR/:id', () =>
        HttpResponse.json({ link: 'http://localhost/s/abc', qrCode: 'data:image/png;base64,AA==' }),
      ),
      http.put('/api/visitingcard/empcard/Settings', () =>
        HttpResponse.json(
          { status: 400, title: 'Bad Request', detail: 'duties: 职位过长', field: 'duties' },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const user = userEvent.setup();
    renderView(<CardPage />);
    const duties = await screen.findByDisplayValue('市场总监');
    await user.clear(duties);
    await user.type(duties, '销售副总裁');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('duties: 职位过长');
    // Another tick for a second message to show, had the page repeated the request client's.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getAllByText('duties: 职位过长')).toHaveLength(1);
    const under = await screen.findByText('职位过长');
    expect(under.closest('.ant-form-item')?.querySelector('input')).toBe(screen.getByDisplayValue('销售副总裁'));
    expect(document.activeElement).toBe(screen.getByDisplayValue('销售副总裁'));
  });
});

describe('my e-card’s preview', () => {
  const shown = async (c: CardInfo) => {
    server.use(
      http.get('/api/visitingcard/empcard/GetAppMyDetails', () => HttpResponse.json(c)),
      http.post('/api/visitingcard/empcard/GetCardQR/:id', () =>
        HttpResponse.json({ link: 'http://localhost/s/abc', qrCode: 'data:image/png;base64,AA==' }),
      ),
    );
    renderView(<CardPage />);
    const name = await screen.findByRole('heading', { name: '王管理' });
    return name.closest('[data-user-content]')?.parentElement?.textContent ?? '';
  };

  it('shows what visitors see: no company, position or phone the card’s switches hide', async () => {
    const text = await shown({ ...card, isShowCompany: false, isShowPosition: false, isShowPhone: false });
    expect(text).toContain('王管理');
    expect(text).not.toContain('市场总监');
    expect(text).not.toContain('演示科技有限公司');
    expect(text).not.toContain('13800000001');
  });

  it('shows them when the switches are on, the position cut at 9 characters', async () => {
    const text = await shown({ ...card, duties: '华东大区高级销售总监兼副总经理' });
    expect(text).toContain('华东大区高级销售总…');
    expect(text).toContain('演示科技有限公司');
    expect(text).toContain('13800000001');
  });
});
