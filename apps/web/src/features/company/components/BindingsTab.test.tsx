// @vitest-environment happy-dom
import type { BindingItem } from '@huoke/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { BindingsTab } from './BindingsTab';

const item = (kind: BindingItem['kind'], over: Partial<BindingItem> = {}): BindingItem => ({
  kind,
  appId: '',
  signature: '',
  hasSecret: false,
  updateTime: null,
  ...over,
});

function answer(data: BindingItem[]) {
  const saved: unknown[] = [];
  server.use(
    http.get('/api/cus/companymember/GetBindings', () => HttpResponse.json({ data })),
    http.put('/api/cus/companymember/SaveBinding', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ ok: true });
    }),
  );
  return saved;
}

const card = async (title: string) => (await screen.findByText(title)).closest('.ant-card') as HTMLElement;

describe('third-party bindings tab', () => {
  it('asks for AppID and AppSecret before saving an empty WeChat binding', async () => {
    const saved = answer([item('wechatOfficial'), item('wechatMini'), item('sms')]);
    renderView(<BindingsTab />);
    const wechat = await card('微信公众号');
    fireEvent.click(within(wechat).getByRole('button', { name: /保\s*存/ }));
    expect(await within(wechat).findByText('请输入AppID')).toBeTruthy();
    expect(within(wechat).getByText('请输入AppSecret')).toBeTruthy();
    fireEvent.change(within(wechat).getByLabelText('AppID'), { target: { value: 'wx123' } });
    fireEvent.click(within(wechat).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(within(wechat).queryByText('请输入AppID')).toBeNull());
    expect(within(wechat).getByText('请输入AppSecret')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('keeps a stored AppSecret optional, and badges only a binding with both AppID and AppSecret as set', async () => {
    const at = '2026-12-01T08:00:00.000Z';
    const saved = answer([
      item('wechatOfficial', { appId: 'wx1', hasSecret: true, updateTime: at }),
      item('wechatMini', { appId: 'wx2', hasSecret: false, updateTime: at }),
      item('sms'),
    ]);
    renderView(<BindingsTab />);
    const official = await card('微信公众号');
    const mini = await card('微信小程序');
    expect(within(official).getByText(/更新于/)).toBeTruthy();
    expect(within(mini).queryByText(/更新于/)).toBeNull();
    expect(within(mini).getByText('未配置')).toBeTruthy();
    fireEvent.click(within(official).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(within(official).queryByText('请输入AppSecret')).toBeNull();
  });
});
