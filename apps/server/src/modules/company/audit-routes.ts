import { auditActorList, auditListQuery, auditPage, operatorAuditQuery, PERMISSION, problem } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyAuditActors, companyAuditPage, operatorAuditPage } from './audit-service.js';

const tags = ['audit'];
const p = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));

/** The audit log: read-only (no call changes or deletes a row). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cus/audit/GetPageList',
    {
      config: { permission: PERMISSION.companyManageShow },
      schema: {
        tags,
        summary: '操作日志：本企业管理员与平台运营的操作（按人、按操作筛选，分页，最新在前）',
        description:
          '只读、只追加：没有修改或删除的接口。企业由会话决定，其他企业的行从不出现。changes 记录改了什么，从不含密码、验证码或密钥。',
        querystring: auditListQuery,
        response: { 200: auditPage, ...p(400, 401, 403, 410) },
      },
    },
    async (req) => companyAuditPage(app, req.ctx, req.query),
  );
  r.get(
    '/cus/audit/GetActors',
    {
      config: { permission: PERMISSION.companyManageShow },
      schema: {
        tags,
        summary: '操作日志中出现过的人（筛选用）',
        response: { 200: auditActorList, ...p(401, 403, 410) },
      },
    },
    async (req) => ({ data: await companyAuditActors(app, req.ctx) }),
  );
  r.get(
    '/cus/audit/OperatorPageList',
    {
      config: { operator: true },
      schema: {
        tags,
        summary: '平台运营：运营人员的操作日志（全部企业）',
        querystring: operatorAuditQuery,
        response: { 200: auditPage, ...p(400, 401, 403, 410) },
      },
    },
    async (req) => operatorAuditPage(app, req.query),
  );
}
