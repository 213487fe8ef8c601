// @vitest-environment happy-dom

import { DEFAULT_EDITOR_SETTINGS } from '@huoke/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import { EditorSettingsTab } from './EditorSettingsTab';

const disabled = (el: HTMLElement) => (el as HTMLButtonElement | HTMLInputElement).disabled;

describe('编辑器配置', () => {
  it('with 文章页脚 off, its signature, contact and QR code are all disabled; on, all three can be set', async () => {
    server.use(
      http.get('/api/cus/editorsetting/Get', () =>
        HttpResponse.json({
          ...DEFAULT_EDITOR_SETTINGS,
          footer: { enabled: false, signature: '', contact: '', qrCodeUrl: '/files/qr.png' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderView(<EditorSettingsTab />);
    await screen.findByLabelText('企业签名');
    const fields = () => [
      screen.getByLabelText('企业签名'),
      screen.getByLabelText('联系方式'),
      screen.getByLabelText('更换图片：二维码'),
    ];
    expect(fields().map(disabled)).toEqual([true, true, true]);
    // A disabled field offers no removal either.
    expect(screen.queryByText('移除')).toBeNull();

    await user.click(screen.getByLabelText('在分享的文章下方显示页脚'));
    await waitFor(() => expect(fields().map(disabled)).toEqual([false, false, false]));
    expect(screen.getByText('移除')).toBeTruthy();
  });

  // The units stood in InputNumber's addonAfter, which antd 6 deprecates (a warning on every render of the tab).
  it('names each number’s unit beside its value, without antd’s deprecation warning', async () => {
    server.use(http.get('/api/cus/editorsetting/Get', () => HttpResponse.json(DEFAULT_EDITOR_SETTINGS)));
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      renderView(<EditorSettingsTab />);
      const size = await screen.findByLabelText('默认字号');
      const box = size.closest('.ant-input-number') ?? size.parentElement;
      expect(box?.textContent).toContain('px');
      const transparency = screen.getByLabelText('透明度');
      expect((transparency.closest('.ant-input-number') ?? transparency.parentElement)?.textContent).toContain('%');
      const words = [...said.mock.calls, ...warned.mock.calls].map((c) => String(c[0]));
      expect(words.filter((w) => w.includes('deprecated'))).toEqual([]);
    } finally {
      said.mockRestore();
      warned.mockRestore();
    }
  });
});
