import {
  authDetailAnswer,
  authStateAnswer,
  idAnswer,
  idParam,
  okResult,
  PERMISSION,
  rejectBody,
  reviewListQuery,
  reviewPage,
  submitAuthBody,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.js';
import { authDetail, authState, review, reviewList, submitAuth } from './service.js';

const tags = ['certification'];
const ok = { ok: true as const };

/** Enterprise real-name certification and the operators' review list. */
export async function certificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cus/customer/GetAuthState',
    { schema: { tags, summary: '企业实名认证状态（横幅）', response: { 200: authStateAnswer } } },
    async (req) => authState(app, req.ctx),
  );
  r.get(
    '/cus/customer/GetAuthDetail',
    {
      config: { permission: PERMISSION.companyManageShow },
      schema: { tags, summary: '最近一次认证资料与状态', response: { 200: authDetailAnswer } },
    },
    async (req) => authDetail(app, req.ctx),
  );
  r.post(
    '/cus/customer/SubmitAuth',
    {
      config: { permission: PERMISSION.companyManageShow },
      schema: { tags, summary: '提交企业实名认证', body: submitAuthBody, response: { 200: idAnswer } },
    },
    async (req) => {
      const done = await submitAuth(app, req.ctx, req.body);
      const { companyName, creditCode, legalPerson, licenceUrl } = req.body;
      await audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'certification.submit',
        targetKind: 'certification',
        targetId: done.id,
        targetName: companyName,
        changes: { companyName, creditCode, legalPerson, licenceUrl },
      });
      return done;
    },
  );
  r.get(
    '/cus/customerauth/GetReviewList',
    {
      config: { operator: true },
      schema: { tags, summary: '平台运营：认证审核列表', querystring: reviewListQuery, response: { 200: reviewPage } },
    },
    async (req) => reviewList(app, req.query),
  );
  r.post(
    '/cus/customerauth/Approve/:id',
    {
      config: { operator: true },
      schema: { tags, summary: '平台运营：通过认证', params: idParam, response: { 200: okResult } },
    },
    async (req) => {
      const c = await review(app, req.ctx, req.params.id, 'approved');
      await audit(
        app.db,
        req,
        {
          companyId: c.companyId,
          action: 'certification.approve',
          targetKind: 'certification',
          targetId: req.params.id,
          targetName: c.companyName,
          changes: { status: { from: 'pending', to: 'approved' } },
        },
        'operator',
      );
      return ok;
    },
  );
  r.post(
    '/cus/customerauth/Reject/:id',
    {
      config: { operator: true },
      schema: {
        tags,
        summary: '平台运营：驳回认证（填写原因）',
        params: idParam,
        body: rejectBody,
        response: { 200: okResult },
      },
    },
    async (req) => {
      const c = await review(app, req.ctx, req.params.id, 'rejected', req.body.reason);
      await audit(
        app.db,
        req,
        {
          companyId: c.companyId,
          action: 'certification.reject',
          targetKind: 'certification',
          targetId: req.params.id,
          targetName: c.companyName,
          changes: { status: { from: 'pending', to: 'rejected' }, reason: req.body.reason },
        },
        'operator',
      );
      return ok;
    },
  );
}
