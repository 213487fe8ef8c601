// @vitest-environment happy-dom
import type { AuditItem } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFailure } from '../test/problem';
import { renderView, server } from '../test/render';
import { AuditLog } from './AuditLog';
import i18n from './i18n';

const row: AuditItem = {
  id: 1,
  createTime: '2026-12-04T02:30:00.000Z',
  customerId: 1,
  customerName: '演示科技有限公司',
  actorId: 1,
  actorName: '王管理',
  actorRole: 'admin',
  ip: '127.0.0.1',
  action: 'member.role',
  actionName: '修改角色',
  targetKind: 'user',
  targetId: '2',
  targetName: '李员工',
  changes: { role: { from: 'staff', to: 'admin' }, phone: '13800000002' },
};

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('操作日志', () => {
  it('says what changed in words, a line a field, not as stored JSON', async () => {
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: [row], totalCount: 1 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    renderView(<AuditLog />);
    expect(await screen.findByText('角色：员工 → 管理员')).toBeTruthy();
    expect(screen.getByText('手机号：13800000002')).toBeTruthy();
    expect(screen.queryByText(/"role"/)).toBeNull();
  });

  it('and in English', async () => {
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: [row], totalCount: 1 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    await i18n.changeLanguage('en');
    renderView(<AuditLog />);
    expect(await screen.findByText('Role: Staff → Administrator')).toBeTruthy();
  });

  it('names a binding and its fields in words, and says yes or no rather than true or false', async () => {
    const binding: AuditItem = {
      ...row,
      action: 'binding.save',
      actionName: '保存第三方绑定',
      targetKind: 'binding',
      targetId: 'wechatOfficial',
      targetName: 'wechatOfficial',
      changes: { appId: { from: null, to: 'wx1' }, newKeyStored: false },
    };
    const settings: AuditItem = {
      ...row,
      id: 2,
      action: 'leadSettings.save',
      actionName: '保存线索分设置',
      targetKind: 'leadSettings',
      targetId: '',
      targetName: '',
      changes: { halfLifeDays: { from: 7, to: 14 }, open_card: { from: 5, to: 8 } },
    };
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: [binding, settings], totalCount: 2 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    renderView(<AuditLog />);
    expect(await screen.findByText('微信公众号')).toBeTruthy();
    expect(screen.queryByText('wechatOfficial')).toBeNull();
    expect(screen.getByText('已保存新密钥：否')).toBeTruthy();
    expect(screen.getByText('线索分设置')).toBeTruthy();
    expect(screen.getByText('半衰期（天）：7 → 14')).toBeTruthy();
    expect(screen.getByText('打开名片：5 → 8')).toBeTruthy();
  });

  it('and those in English', async () => {
    const binding: AuditItem = {
      ...row,
      action: 'binding.save',
      targetKind: 'binding',
      targetId: 'wechatMini',
      targetName: 'wechatMini',
      changes: { newKeyStored: true },
    };
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: [binding], totalCount: 1 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    await i18n.changeLanguage('en');
    renderView(<AuditLog />);
    expect(await screen.findByText('WeChat mini-program')).toBeTruthy();
    expect(screen.getByText('New secret stored: Yes')).toBeTruthy();
  });

  // The data view link and the AI key were stored as 数据看板公开链接 and AI检测密钥: the English log showed Chinese.
  it('names the data view link and the AI key in the reader’s language, rows stored in Chinese words too', async () => {
    const target = (id: number, action: AuditItem['action'], targetKind: string, targetName: string): AuditItem => ({
      ...row,
      id,
      action,
      actionName: '',
      targetKind,
      targetId: '1',
      targetName,
      changes: {},
    });
    const rows = [
      target(1, 'dataview.create', 'dataview', ''),
      target(2, 'dataview.revoke', 'dataview', '数据看板公开链接'),
      target(3, 'aikey.reset', 'aikey', ''),
      target(4, 'aikey.reset', 'aikey', 'AI检测密钥'),
    ];
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: rows, totalCount: rows.length })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    await i18n.changeLanguage('en');
    const shown = renderView(<AuditLog />);
    expect(await screen.findAllByText('Data view public link')).toHaveLength(2);
    expect(screen.getAllByText('AI detection key')).toHaveLength(2);
    expect(screen.queryByText(/数据看板|检测密钥/)).toBeNull();
    // The action says what was made: the data view's public link (it said "Create data view link").
    expect(screen.getAllByText('Create data view public link').length).toBeGreaterThan(0);
    shown.unmount();
    await i18n.changeLanguage('zh-CN');
    renderView(<AuditLog />);
    // Named as the 数据视图 page it opens (its rows stored 数据看板公开链接).
    expect(await screen.findAllByText('数据视图公开链接')).toHaveLength(2);
    expect(screen.getAllByText('创建数据视图公开链接').length).toBeGreaterThan(0);
    expect(screen.queryByText(/数据看板/)).toBeNull();
    expect(screen.getAllByText('AI检测密钥')).toHaveLength(2);
  });

  it('says a save of the editor settings in words, in Chinese and in English', async () => {
    const editor: AuditItem = {
      ...row,
      action: 'editorSettings.save',
      // The words are the console's own, in the reader's language.
      actionName: '',
      targetKind: 'editorSettings',
      targetId: '',
      targetName: '',
      changes: {
        fontSize: { from: 16, to: 18 },
        footerEnabled: { from: false, to: true },
        tools: { from: ['bold', 'italic'], to: ['bold'] },
      },
    };
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: [editor], totalCount: 1 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    const shown = renderView(<AuditLog />);
    expect(await screen.findByText('保存编辑器配置')).toBeTruthy();
    expect(screen.getByText('编辑器配置')).toBeTruthy();
    expect(screen.getByText('默认字号：16 → 18')).toBeTruthy();
    expect(screen.getByText('文章页脚：否 → 是')).toBeTruthy();
    expect(screen.getByText('工具栏：加粗、斜体 → 加粗')).toBeTruthy();
    shown.unmount();

    await i18n.changeLanguage('en');
    renderView(<AuditLog />);
    expect(await screen.findByText('Save editor settings')).toBeTruthy();
    expect(screen.getByText('Editor settings')).toBeTruthy();
    expect(screen.getByText('Default font size: 16 → 18')).toBeTruthy();
    expect(screen.getByText('Article footer: No → Yes')).toBeTruthy();
  });

  // Every kind of change the server records, as stored: codes and keys, which read as English unless put in words.
  const changed = (id: number, action: AuditItem['action'], changes: Record<string, unknown>): AuditItem => ({
    ...row,
    id,
    action,
    changes,
  });
  const everyChange = [
    changed(1, 'editorSettings.save', {
      tools: { from: ['undo', 'image'], to: ['undo'] },
      watermarkPoint: { from: 4, to: 2 },
    }),
    changed(2, 'phone.change', { from: '13800000001', to: '13900000001', syncCardInfo: true }),
    changed(3, 'order.pay', { state: { from: 'unpaid', to: 'paid' }, amount: 6980 }),
    changed(4, 'certification.reject', { status: { from: 'pending', to: 'rejected' }, reason: '照片不清晰' }),
    changed(5, 'certification.submit', { creditCode: '91310000MA1FL0000X', licenceUrl: '/api/fs/raw/1' }),
    changed(6, 'password.reset', { account: 'staff1', fields: ['password'] }),
    changed(7, 'application.approve', { application: 3, role: 'staff' }),
  ];

  it('says every kind of change in the reader’s language, in Chinese and in English', async () => {
    server.use(
      http.get('/api/cus/audit/GetPageList', () => HttpResponse.json({ data: everyChange, totalCount: 7 })),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    const shown = renderView(<AuditLog />);
    for (const line of [
      '工具栏：撤销、插入图片 → 撤销',
      '水印位置：右下 → 右上',
      '原手机号：13800000001',
      '新手机号：13900000001',
      '同步到名片：是',
      '状态：待支付 → 已支付',
      '状态：待审中 → 未通过',
      '统一社会信用代码：91310000MA1FL0000X',
      '营业执照：/api/fs/raw/1',
      '修改内容：密码',
      '申请编号：3',
    ])
      expect(await screen.findByText(line)).toBeTruthy();
    shown.unmount();

    await i18n.changeLanguage('en');
    renderView(<AuditLog />);
    for (const line of [
      'Toolbar tools: Undo, Insert image → Undo',
      'Watermark position: Bottom right → Top right',
      'Old phone: 13800000001',
      'Card updated too: Yes',
      'State: Unpaid → Paid',
      'Status: Pending review → Rejected',
      'Unified social credit code: 91310000MA1FL0000X',
      'Changed: Password',
      'Application no.: 3',
    ])
      expect(await screen.findByText(line)).toBeTruthy();
  });
});

describe('操作日志 when it cannot be loaded', () => {
  // A failed call said 暂无数据 once its toast was gone: the log seemed to hold nothing.
  it('says the list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/cus/audit/GetPageList', () =>
        fail ? serverFailure() : HttpResponse.json({ data: [row], totalCount: 1 }),
      ),
      http.get('/api/cus/audit/GetActors', () => HttpResponse.json({ data: [] })),
    );
    const user = userEvent.setup();
    renderView(<AuditLog />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('角色：员工 → 管理员')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
