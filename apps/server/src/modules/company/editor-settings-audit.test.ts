import { type AuditItem, DEFAULT_EDITOR_SETTINGS, type EditorSettings } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

/** A save of 编辑器配置 is in the company's audit log (操作日志) with what it changed, as the lead score settings are. */
const {
  t,
  tokens: [admin, badmin],
} = await appForFile(['admin', 'badmin']);

const save = async (settings: EditorSettings) => {
  const res = await t.call(admin, { method: 'POST', url: '/api/cus/editorsetting/Save', payload: settings });
  expect(res.statusCode, res.body).toBe(200);
};
const logged = async (token: string) => {
  const res = await t.call(token, { method: 'GET', url: '/api/cus/audit/GetPageList?action=editorSettings.save' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: AuditItem[]; totalCount: number };
};

describe('editor settings in the audit log', () => {
  it('records a save with each field it changed; a save that changed nothing writes no row', async () => {
    await save(DEFAULT_EDITOR_SETTINGS);
    expect((await logged(admin)).totalCount).toBe(0);

    const changed: EditorSettings = {
      ...DEFAULT_EDITOR_SETTINGS,
      tools: ['bold', 'image'],
      fontSize: 18,
      footer: { ...DEFAULT_EDITOR_SETTINGS.footer, enabled: true, signature: '演示科技' },
    };
    await save(changed);
    const log = await logged(admin);
    expect(log.totalCount).toBe(1);
    expect(log.data[0]).toMatchObject({
      customerId: t.ids.companyA,
      actorId: t.ids.admin,
      action: 'editorSettings.save',
      actionName: '保存编辑器配置',
      targetKind: 'editorSettings',
    });
    expect(log.data[0].changes).toEqual({
      tools: { from: DEFAULT_EDITOR_SETTINGS.tools, to: ['bold', 'image'] },
      fontSize: { from: 16, to: 18 },
      footerEnabled: { from: false, to: true },
      footerSignature: { from: '', to: '演示科技' },
    });

    await save(changed);
    expect((await logged(admin)).totalCount).toBe(1);
    // Another company's log holds none of it.
    expect((await logged(badmin)).totalCount).toBe(0);
  });
});
