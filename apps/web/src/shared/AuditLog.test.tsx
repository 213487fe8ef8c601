// @vitest-environment jsdom
import type { AuditItem } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
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
});
