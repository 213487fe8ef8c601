// @vitest-environment happy-dom
import type { HotMessage } from '@huoke/contracts';
import { screen, waitFor } from '@testing-library/react';
import { notification } from 'antd';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n';
import { server } from '../../test/render';
import { showHotNotice } from './hotNotice';

const hot = (id: number, title: string): HotMessage => ({
  id,
  visitorId: 100 + id,
  rule: 'thrice',
  title,
  reason: title,
  phone: '',
  createdAt: '2026-12-01T08:00:00Z',
});

beforeEach(() => {
  // A browser whose user has not yet answered the notification question.
  vi.stubGlobal('Notification', Object.assign(vi.fn(), { permission: 'default', requestPermission: vi.fn() }));
  server.use(
    http.get('/api/cus/leads/Hot', ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('id'));
      return HttpResponse.json(hot(id, id === 1 ? '🔥 匿名访客：在《白皮书》发起了转发' : '🔥 赵六：提交了咨询'));
    }),
  );
});
/** A notice's title as the user reads it: the flame drawn as an icon, the stored text (🔥 included) unchanged. */
const title = (text: string) =>
  screen.findByText((_, el) => el?.getAttribute('data-testid') === 'hot-text' && el.textContent === text);

afterEach(() => {
  notification.destroy();
  vi.unstubAllGlobals();
});

describe('hot notices (🔥)', () => {
  it('offer 开启桌面通知 on the newest notice only, not once per notice', async () => {
    await showHotNotice(1, () => {});
    const first = await title('🔥 匿名访客：在《白皮书》发起了转发');
    expect(first.querySelector('.anticon-fire')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: '开启桌面通知' })).toHaveLength(1);
    await showHotNotice(2, () => {});
    await title('🔥 赵六：提交了咨询');
    await waitFor(() => expect(screen.getAllByRole('button', { name: '开启桌面通知' })).toHaveLength(1));
    // Both notices stay, each with its follow-up button; the offer is on the newer one.
    expect(screen.getAllByRole('button', { name: '添加跟进' })).toHaveLength(2);
    const offer = screen.getByRole('button', { name: '开启桌面通知' });
    expect(offer.closest('.ant-notification-notice')?.textContent).toContain('赵六');
  });

  it("a desktop notification says the phone and what a click does, not the title's reason a second time", async () => {
    const shown = vi.fn();
    vi.stubGlobal('Notification', Object.assign(shown, { permission: 'granted', requestPermission: vi.fn() }));
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    server.use(
      http.get('/api/cus/leads/Hot', () =>
        HttpResponse.json({
          ...hot(3, '🔥 王五：在《白皮书》提交了咨询'),
          reason: '在《白皮书》提交了咨询',
          phone: '13955556666',
        }),
      ),
    );
    try {
      await showHotNotice(3, () => {});
      expect(shown).toHaveBeenCalledWith('🔥 王五：在《白皮书》提交了咨询', {
        body: '电话 13955556666 · 点击添加跟进',
        tag: 'hot-3',
      });
      await i18n.changeLanguage('en');
      await showHotNotice(3, () => {});
      expect(shown).toHaveBeenLastCalledWith('🔥 王五：在《白皮书》提交了咨询', {
        body: 'Phone 13955556666 · click to add a follow-up',
        tag: 'hot-3',
      });
    } finally {
      hidden.mockRestore();
      await i18n.changeLanguage('zh-CN');
    }
  });
});
