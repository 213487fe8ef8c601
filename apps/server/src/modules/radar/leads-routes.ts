/** Calls of lead intelligence: a lead's score with reasons and history, the company's score settings. */
import {
  followUp,
  followUpBody,
  followUpList,
  hotMessage,
  leadIdQuery,
  leadScore,
  leadSettings,
  leadSettingsBody,
  PERMISSION,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { langOf } from '../../lib/lang.js';
import { addFollowUp, followUps } from './follow-ups.js';
import { hotMessage as readHotMessage } from './hot.js';
import { leadScore as readLeadScore } from './score-read.js';
import { getSettings, resetSettings, saveSettings } from './settings.js';

const tags = ['leads'];
const manage = { permission: PERMISSION.companyManageShow };

export async function leadsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cus/leads/Score',
    {
      schema: {
        tags,
        summary: '线索分：当前分数、主要原因、30 天走势',
        querystring: leadIdQuery,
        response: { 200: leadScore },
      },
    },
    async (req) => readLeadScore(app.db, req.ctx, req.query.id, langOf(req.headers['accept-language'])),
  );

  r.get(
    '/cus/leads/Hot',
    {
      schema: {
        tags,
        summary: '🔥 热线索消息（实时推送只给出消息 id）',
        querystring: leadIdQuery,
        response: { 200: hotMessage },
      },
    },
    async (req) => readHotMessage(app.db, req.ctx, req.query.id, langOf(req.headers['accept-language'])),
  );

  r.get(
    '/cus/leads/FollowUps',
    {
      schema: {
        tags,
        summary: '线索跟进记录（阶段、下次联系日）',
        querystring: leadIdQuery,
        response: { 200: followUpList },
      },
    },
    async (req) => followUps(app.db, req.ctx, req.query.id),
  );

  r.post(
    '/cus/leads/FollowUps',
    {
      schema: { tags, summary: '添加跟进（内容、阶段、下次联系日）', body: followUpBody, response: { 200: followUp } },
    },
    async (req) => {
      const f = await addFollowUp(app.db, req.ctx, req.body);
      app.companyVersions.bump(req.ctx.companyId);
      return f;
    },
  );

  r.get(
    '/cus/leads/ScoreSettings',
    { config: manage, schema: { tags, summary: '线索分设置（半衰期、分值表）', response: { 200: leadSettings } } },
    async (req) => getSettings(app.db, req.ctx),
  );

  r.post(
    '/cus/leads/ScoreSettings',
    {
      config: manage,
      schema: { tags, summary: '保存线索分设置', body: leadSettingsBody, response: { 200: leadSettings } },
    },
    async (req) => {
      const s = await saveSettings(app.db, req.ctx, req.body);
      app.companyVersions.bump(req.ctx.companyId, 'events');
      return s;
    },
  );

  r.post(
    '/cus/leads/ScoreSettings/Reset',
    { config: manage, schema: { tags, summary: '线索分设置恢复默认', response: { 200: leadSettings } } },
    async (req) => {
      const s = await resetSettings(app.db, req.ctx);
      app.companyVersions.bump(req.ctx.companyId, 'events');
      return s;
    },
  );
}
