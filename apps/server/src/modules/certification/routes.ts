import { PERMISSION } from '@huoke/contracts';
import { certificationRoutes as routes } from '@huoke/contracts/routes/certification';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.js';
import { routesOf } from '../../lib/route.js';
import { authDetail, authState, review, reviewList, submitAuth } from './service.js';

const tags = ['certification'];
const ok = { ok: true as const };

/** Enterprise real-name certification and the operators' review list. */
export async function certificationRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.state, '企业实名认证状态（横幅）', async (req) => authState(app, req.ctx));
  serve(
    routes.detail,
    { summary: '最近一次认证资料与状态', config: { permission: PERMISSION.companyManageShow } },
    async (req) => authDetail(app, req.ctx),
  );
  serve(
    routes.submit,
    { summary: '提交企业实名认证', config: { permission: PERMISSION.companyManageShow } },
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
  serve(routes.reviews, { summary: '平台运营：认证审核列表', config: { operator: true } }, async (req) =>
    reviewList(app, req.query),
  );
  serve(routes.approve, { summary: '平台运营：通过认证', config: { operator: true } }, async (req) => {
    const c = await review(app, req.ctx, req.params.id, 'approved');
    req.wroteFor = c.companyId;
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
  });
  serve(routes.reject, { summary: '平台运营：驳回认证（填写原因）', config: { operator: true } }, async (req) => {
    const c = await review(app, req.ctx, req.params.id, 'rejected', req.body.reason);
    req.wroteFor = c.companyId;
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
  });
}
