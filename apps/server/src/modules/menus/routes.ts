import {
  appCodeParams,
  authorizationQuery,
  boolResult,
  menuRoutesAnswer,
  problem,
  saveSysNavBody,
  sysNavList,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAuthorized, myNav, navCatalogue, saveMyNav } from './service.js';

const tags = ['menus'];
const permTags = ['permissions'];
const p = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, problem]));

export async function menusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Registered without the type provider: the handler sends the answer already serialised (MenuAnswers).
  app.get(
    '/usr/menus/routers',
    {
      schema: {
        tags,
        summary: '侧边栏菜单树（按权限与套餐代码过滤）',
        response: { 200: menuRoutesAnswer, ...p(401, 410) },
      },
    },
    async (req, reply) => reply.type('application/json; charset=utf-8').send(app.menuAnswers.of(req.ctx)),
  );

  r.get(
    '/usr/sysnavigation/GetSysNavList',
    { schema: { tags, summary: '可选导航目录', response: { 200: sysNavList, ...p(401, 410) } } },
    async (req) => ({ data: navCatalogue(req.ctx) }),
  );

  r.get(
    '/usr/sysnavigation/MySysNavList',
    { schema: { tags, summary: '我的导航（未保存时为默认选择）', response: { 200: sysNavList, ...p(401, 410) } } },
    async (req) => ({ data: await myNav(app, req.ctx) }),
  );

  r.put(
    '/usr/sysnavigation/MySysNavList',
    {
      schema: {
        tags,
        summary: '保存我的导航',
        description: 'ids 为 GetSysNavList 中的 id，按所给顺序保存；未知或无权的 id 答 400。',
        body: saveSysNavBody,
        response: { 200: sysNavList, ...p(400, 401, 410) },
      },
    },
    async (req) => ({ data: await saveMyNav(app, req.ctx, req.body.ids) }),
  );

  r.get(
    '/cus/customersaccount/IsPermissionByAppCode/:code',
    {
      schema: {
        tags: permTags,
        summary: '企业套餐是否含该应用代码（外部应用权限检查）',
        params: appCodeParams,
        response: { 200: boolResult, ...p(400, 401, 410) },
      },
    },
    async (req) => ({ result: req.ctx.codes.includes(req.params.code) }),
  );

  r.get(
    '/cus/customizeauthorize/GetCurrentUserIsAuthorization',
    {
      schema: {
        tags: permTags,
        summary: '服务授权检查',
        description: 'code 为服务类型 1 CASPUSH、2 VISITINGCARD、3 二者之一、4 WJTPOSTER，或服务代码本身。',
        querystring: authorizationQuery,
        response: { 200: boolResult, ...p(400, 401, 410) },
      },
    },
    async (req) => ({ result: isAuthorized(req.ctx, req.query.code) }),
  );

  r.get(
    '/cus/customersaccount/IsAdminByCurrUser',
    { schema: { tags: permTags, summary: '当前用户是否企业管理员', response: { 200: boolResult, ...p(401, 410) } } },
    async (req) => ({ result: req.ctx.companyId !== 0 && req.ctx.role === 'admin' }),
  );
}
