// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { PosterDialog } from './PosterDialog';

describe('海报详情', () => {
  it('says a poster without an image has none, instead of an empty box (and asks the server nothing)', async () => {
    renderView(<PosterDialog open imageUrl="" onClose={() => {}} />);
    expect(await screen.findByText('该海报没有图片')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载海报' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('海报详情 and the card’s switches', () => {
  const card = (show: boolean) => ({
    empId: 7,
    name: '王管理',
    duties: '销售总监',
    icCompanyName: '演示科技有限公司',
    avatar: '',
    phone: '',
    weChatID: '',
    weChatQRCode: '',
    isShowCompany: show,
    isShowPosition: show,
    isShowWeChat: false,
    isShowPhone: false,
  });
  const composed = (show: boolean) => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/caspush/SstArticleShare/GetArticleCardAsync', () => HttpResponse.json(card(show))),
      http.post('/api/visitingcard/empcard/GetCardQR/7', () =>
        HttpResponse.json({ link: 'http://localhost/s/abc', qrCode: 'data:image/png;base64,AAAA' }),
      ),
      http.post('/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ url: '/api/fs/raw/c1/2026/01/x_poster.jpg' });
      }),
    );
    renderView(<PosterDialog open imageUrl="/s/art/poster-1.svg" onClose={() => {}} />);
    return sent;
  };

  it('prints no company under the name when the card hides it (显示公司 off)', async () => {
    const sent = composed(false);
    expect(await screen.findByRole('img', { name: '海报详情' })).toBeTruthy();
    expect(sent).toEqual([
      { posterUrl: '/s/art/poster-1.svg', name: '王管理', companyName: '', qrCodeUrl: 'data:image/png;base64,AAAA' },
    ]);
  });

  it('prints the company when the card shows it', async () => {
    const sent = composed(true);
    expect(await screen.findByRole('img', { name: '海报详情' })).toBeTruthy();
    expect(sent[0]?.companyName).toBe('演示科技有限公司');
  });
});
