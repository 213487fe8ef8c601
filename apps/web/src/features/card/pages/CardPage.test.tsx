// @vitest-environment jsdom
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
    expect(await within(dialog).findByText('分享出去后还没有人打开过')).toBeTruthy();
    expect(asked).toEqual(['?kind=2&contentId=42']);
  });
});
