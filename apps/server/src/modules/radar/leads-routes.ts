/** Calls of lead intelligence: a lead's score with reasons and history, the company's score settings. */

import type { LeadSettings } from '@huoke/contracts';
import { PERMISSION } from '@huoke/contracts';
import { leadSettingsRoutes, radarRoutes as routes } from '@huoke/contracts/routes/radar';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.js';
import { langOf } from '../../lib/lang.js';
import { routesOf } from '../../lib/route.js';
import { addFollowUp, followUps } from './follow-ups.js';
import { hotMessage as readHotMessage } from './hot.js';
import { leadScore as readLeadScore } from './score-read.js';
import { getSettings, resetSettings, saveSettings, settingsChanges } from './settings.js';

const tags = ['leads'];
const manage = { permission: PERMISSION.companyManageShow };

export async function leadsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.score, '线索分：当前分数、主要原因、30 天走势', async (req) =>
    readLeadScore(app.db, req.ctx, req.query.id, langOf(req.headers['accept-language'])),
  );

  serve(routes.hot, '🔥 热线索消息（实时推送只给出消息 id）', async (req) =>
    readHotMessage(app.db, req.ctx, req.query.id, langOf(req.headers['accept-language'])),
  );

  serve(routes.followUps, '线索跟进记录（阶段、下次联系日）', async (req) => followUps(app.db, req.ctx, req.query.id));

  serve(routes.addFollowUp, '添加跟进（内容、阶段、下次联系日）', async (req) => {
    const f = await addFollowUp(app.db, req.ctx, req.body);
    app.companyVersions.bump(req.ctx.companyId);
    return f;
  });

  serve(leadSettingsRoutes.scoreSettings, { summary: '线索分设置（半衰期、分值表）', config: manage }, async (req) =>
    getSettings(app.db, req.ctx),
  );

  /** A settings change, audited with what it changed (a save that changed nothing writes no row). */
  const saved = async (
    req: FastifyRequest,
    action: 'leadSettings.save' | 'leadSettings.reset',
    save: Promise<LeadSettings>,
    before: LeadSettings,
  ) => {
    const after = await save;
    app.companyVersions.bump(req.ctx.companyId, 'events');
    const changes = settingsChanges(before, after);
    if (Object.keys(changes).length > 0) {
      await audit(app.db, req, { companyId: req.ctx.companyId, action, targetKind: 'leadSettings', changes });
    }
    return after;
  };

  serve(leadSettingsRoutes.saveScoreSettings, { summary: '保存线索分设置', config: manage }, async (req) => {
    const before = await getSettings(app.db, req.ctx);
    return saved(req, 'leadSettings.save', saveSettings(app.db, req.ctx, req.body), before);
  });

  serve(leadSettingsRoutes.resetScoreSettings, { summary: '线索分设置恢复默认', config: manage }, async (req) => {
    const before = await getSettings(app.db, req.ctx);
    return saved(req, 'leadSettings.reset', resetSettings(app.db, req.ctx), before);
  });
}
