import {
  createCompanyBody,
  customerInfoAnswer,
  customerRegisterAnswer,
  customerRegisterBody,
  DICTIONARIES,
  dictionaryAnswer,
  dictionaryQuery,
  idAnswer,
  joinCompanyBody,
  regionAnswer,
  regionQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setSessionCookie } from '../../plugins/auth.js';
import { auditRoutes } from './audit-routes.js';
import { editorSettingsRoutes } from './editor-settings.js';
import { membersRoutes } from './members-routes.js';
import { regionTree } from './regions.js';
import { applyToJoin, customerRegister, listMyCompanies, myCustomer, registerCompany } from './service.js';

const tags = ['company'];

export async function companyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/usr/users/GetCompanys', { schema: { tags, summary: '我所在的企业列表' } }, async (req) => ({
    data: await listMyCompanies(app, req.ctx),
  }));

  r.post(
    '/cus/customer/CustomerRegister',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '注册新用户（手机验证码，用途 register）',
        body: customerRegisterBody,
        response: { 200: customerRegisterAnswer },
        security: [],
      },
    },
    async (req, reply) => {
      const b = req.body;
      const answer = await customerRegister(app, { ...b, phone: (b.phone ?? b.mobile) as string });
      setSessionCookie(req, reply, answer.token);
      return answer;
    },
  );

  r.post(
    '/cus/customer/RegisterCompany',
    { schema: { tags, summary: '创建企业（创建者成为管理员）', body: createCompanyBody, response: { 200: idAnswer } } },
    async (req) => registerCompany(app, req.ctx, req.body),
  );

  r.post(
    '/cus/joincustomerapplier/ApplierJoinCustomer',
    { schema: { tags, summary: '申请加入企业（企业号）', body: joinCompanyBody, response: { 200: idAnswer } } },
    async (req) => applyToJoin(app, req.ctx, req.body),
  );

  r.get(
    '/cus/customer/GetMyCustomer',
    { schema: { tags, summary: '当前企业的套餐信息', response: { 200: customerInfoAnswer } } },
    async (req) => myCustomer(app, req.ctx),
  );

  r.get(
    '/maint/region/DropDownList',
    {
      schema: {
        tags: ['dictionaries'],
        summary: '省市区级联数据（level 1-3，默认 2）',
        querystring: regionQuery,
        response: { 200: regionAnswer },
      },
    },
    async (req) => ({ data: regionTree(req.query.level) }),
  );

  r.get(
    '/cus/ItemsDetail/GetList',
    {
      schema: {
        tags: ['dictionaries'],
        summary: '数据字典（clueSource 线索来源, industry 行业, documentType 文档类型）',
        querystring: dictionaryQuery,
        response: { 200: dictionaryAnswer },
      },
    },
    async (req) => ({ data: DICTIONARIES[req.query.itemCode] }),
  );

  await app.register(membersRoutes);
  await app.register(editorSettingsRoutes);
  await app.register(auditRoutes);
}
