// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmAction, confirmDiscard } from './confirm';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the confirmation of what cannot be taken back', () => {
  // Two Enters must not discard: the red 放弃修改 dialog opens on 继续编辑. antd 6 warned that the option this took
  // (autoFocusButton) is deprecated, on every such dialog.
  it('opens on its cancel button, without antd’s deprecation warning', async () => {
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    void confirmDiscard('文章的修改尚未保存');
    const keep = await screen.findByRole('button', { name: '继续编辑' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    const words = [...said.mock.calls, ...warned.mock.calls].map((c) => String(c[0]));
    expect(words.filter((w) => w.includes('autoFocusButton'))).toEqual([]);
  });

  it('a plain confirmation still opens on 确定', async () => {
    void confirmAction('切换到演示科技？');
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    await waitFor(() => expect(document.activeElement).toBe(ok));
  });
});
