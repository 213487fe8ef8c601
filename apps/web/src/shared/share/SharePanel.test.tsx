// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { SharePanel } from './SharePanel';

describe('share panel', () => {
  it('after 收起分享 its controls are out of reach of Tab and of screen readers; 展开分享 brings them back', async () => {
    server.use(
      http.get('/api/caspush/SstArticleShare/GetArticleCardAsync', () => HttpResponse.json({ name: '李员工' })),
    );
    const user = userEvent.setup();
    renderView(<SharePanel kind="article" id={1} />);
    const toggle = await screen.findByRole('button', { name: /收起分享/ });
    expect(screen.getByRole('switch', { name: '显示名片' })).toBeTruthy();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('switch', { name: '显示名片' })).toBeNull();
    const hidden = screen.getByLabelText('显示名片');
    expect(hidden.closest('[inert]')).not.toBeNull();
    // Tab from the toggle leaves the panel: it never lands on a hidden control.
    toggle.focus();
    await user.tab();
    expect(hidden.closest('[inert]')?.contains(document.activeElement)).toBe(false);
    await user.click(screen.getByRole('button', { name: /展开分享/ }));
    expect(screen.getByRole('switch', { name: '显示名片' })).toBeTruthy();
  });

  // A video's or a document's share has nothing to choose: 分享 made no link until 生成分享链接 was found and pressed.
  it('a video opened for sharing shows its QR code and link at once, made as 生成分享链接 makes them', async () => {
    const made: unknown[] = [];
    server.use(
      http.get('/api/cus/customizeauthorize/GetCurrentUserIsAuthorization', () => HttpResponse.json({ result: true })),
      http.post('/api/caspush/SstArticleShare/ShareContent', async ({ request }) => {
        made.push(await request.json());
        return HttpResponse.json({ link: 'http://localhost/s/abc123', qrCode: 'data:image/png;base64,AAAA' });
      }),
    );
    renderView(<SharePanel kind="video" id={5} />);
    const qr = await screen.findByRole('img', { name: '微信扫一扫，打开分享页' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect((screen.getByRole('textbox', { name: '分享链接' }) as HTMLInputElement).value).toBe(
      'http://localhost/s/abc123',
    );
    expect(made).toEqual([{ kind: 'video', id: 5 }]);
  });

  it('a document whose link could not be made (the error said by the request client) offers 生成分享链接 again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cus/customizeauthorize/GetCurrentUserIsAuthorization', () => HttpResponse.json({ result: true })),
      http.post('/api/caspush/SstArticleShare/ShareContent', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json(
              { status: 503, title: 'Service Unavailable', detail: '服务繁忙' },
              { status: 503, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ link: 'http://localhost/s/doc1', qrCode: 'data:image/png;base64,BBBB' });
      }),
    );
    const user = userEvent.setup();
    renderView(<SharePanel kind="document" id={8} />);
    await user.click(await screen.findByRole('button', { name: '生成分享链接' }));
    expect(await screen.findByRole('img', { name: '微信扫一扫，打开分享页' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});
