import { DEFAULT_EDITOR_SETTINGS, type EditorSettings, okResult, editorSettings as schema } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.js';
import { editorSettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { editorSettingsChanges } from './editor-settings-changes.js';

/** The stored settings over the defaults: a row written before a field existed still answers every field. */
export async function readEditorSettings(db: DbOrTx, companyId: number): Promise<EditorSettings> {
  const [row] = await db
    .select({ settings: editorSettings.settings })
    .from(editorSettings)
    .where(inCompany({ companyId }, editorSettings));
  if (!row) return DEFAULT_EDITOR_SETTINGS;
  const merged = { ...DEFAULT_EDITOR_SETTINGS, ...(row.settings as Partial<EditorSettings>) };
  const parsed = schema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_EDITOR_SETTINGS;
}

async function saveEditorSettings(db: DbOrTx, ctx: Ctx, settings: EditorSettings): Promise<void> {
  await db
    .insert(editorSettings)
    .values({ companyId: ctx.companyId, settings, updatedBy: ctx.userId })
    .onConflictDoUpdate({
      target: editorSettings.companyId,
      set: { settings, updatedBy: ctx.userId, updatedAt: new Date() },
    });
}

const tags = ['editor'];

/** SPEC §2.3's rich-text editor configuration page: everyone of the company reads, administrators write. */
export async function editorSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cus/editorsetting/Get',
    { schema: { tags, summary: '富文本编辑器配置（本企业）', response: { 200: schema } } },
    async (req) => readEditorSettings(app.db, req.ctx.companyId),
  );
  r.post(
    '/cus/editorsetting/Save',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: '保存富文本编辑器配置（管理员）：工具栏、默认字号与段距、插图宽度与压缩、水印、文章页脚',
        body: schema,
        response: { 200: okResult },
      },
    },
    async (req) => {
      const before = await readEditorSettings(app.db, req.ctx.companyId);
      await saveEditorSettings(app.db, req.ctx, req.body);
      // Audited with what it changed, as the lead score settings are: a save that changed nothing writes no row.
      const changes = editorSettingsChanges(before, await readEditorSettings(app.db, req.ctx.companyId));
      if (Object.keys(changes).length > 0) {
        await audit(app.db, req, {
          companyId: req.ctx.companyId,
          action: 'editorSettings.save',
          targetKind: 'editorSettings',
          changes,
        });
      }
      return { ok: true as const };
    },
  );
}
