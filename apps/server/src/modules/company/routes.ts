import { DICTIONARIES } from '@huoke/contracts';
import { companyAccountRoutes as account, companyRoutes as routes } from '@huoke/contracts/routes/company';
import { costRoutes } from '@huoke/contracts/routes/cost';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.js';
import { routesOf } from '../../lib/route.js';
import { setSessionCookie } from '../../plugins/auth.js';
import { auditRoutes } from './audit-routes.js';
import { editorSettingsRoutes } from './editor-settings.js';
import { acceptInvitation, declineInvitation, myInvitations } from './invitations-service.js';
import { membersRoutes } from './members-routes.js';
import { regionTree } from './regions.js';
import {
  applyToJoin,
  customerRegister,
  listMyCompanies,
  myApplications,
  myCustomer,
  registerCompany,
} from './service.js';

const tags = ['company'];
const dictionaries = ['dictionaries'];

/** The inviting company's audit log records the answer, and its cached member lists and seats are stale. */
async function invitationAnswered(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  companyId: number,
  action: 'invitation.accept' | 'invitation.decline',
) {
  await audit(app.db, req, {
    companyId,
    action,
    targetKind: 'invitation',
    targetId: id,
    targetName: req.ctx.name,
  });
  await app.companyVersions.bump(companyId);
}

export async function companyRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.myCompanies, '我所在的企业列表', async (req) => ({
    data: await listMyCompanies(app, req.ctx),
  }));

  serve(
    account.register,
    { summary: '注册新用户（手机验证码，用途 register）', config: { public: true }, security: [] },
    async (req, reply) => {
      const b = req.body;
      // A refusal of the number names the field it came in (the console's form sends mobile).
      const answer = await customerRegister(
        app,
        { ...b, phone: (b.phone ?? b.mobile) as string },
        b.phone ? 'phone' : 'mobile',
      );
      setSessionCookie(req, reply, answer.token);
      return answer;
    },
  );

  serve(
    account.create,
    {
      summary: '创建企业（创建者成为管理员）',
      description:
        '以管理员设置的密码登录的会话不能创建企业（新企业在该密码所属企业之外，此登录无法进入），创建前答 403「您的密码由企业管理员设置，不能用于创建企业，请使用手机号验证码登录后再创建」（账号尚无手机号时为「…请先绑定本人手机号，再使用手机号验证码登录后创建」；带 code ADMIN_SET_PASSWORD），不创建任何企业。',
      config: { companyless: true },
    },
    async (req) => registerCompany(app, req.ctx, req.body),
  );

  serve(
    account.join,
    {
      summary: '申请加入企业（企业号）',
      description:
        '企业号错误 15 分钟内每人最多 10 次，超出答 429「企业号错误次数过多，请N分钟后再试」（其间正确的企业号同样答 429）；正确的企业号不计次。以管理员设置的密码登录的会话，申请加入该密码所属企业以外的企业答 403「您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试」（须本人以短信验证码登录后申请；账号尚无手机号时为「…请先绑定本人手机号，再使用手机号验证码登录后重试」；带 code ADMIN_SET_PASSWORD）。',
      config: { companyless: true },
    },
    async (req) => applyToJoin(app, req.ctx, req.body),
  );

  serve(account.myApplications, '我的加入申请（待审核，或 30 天内已处理）', async (req) => ({
    data: await myApplications(app, req.ctx),
  }));
  serve(account.myInvitations, '邀请我加入的企业（按本人手机号）', async (req) => ({
    data: await myInvitations(app, req.ctx),
  }));
  serve(
    account.acceptInvitation,
    {
      summary: '接受邀请，成为该企业成员',
      description:
        '以管理员设置的密码登录的会话，接受该密码所属企业以外的邀请答 403「您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试」（须本人以短信验证码登录后接受；账号尚无手机号时为「…请先绑定本人手机号，再使用手机号验证码登录后重试」；带 code ADMIN_SET_PASSWORD）。',
      config: { companyless: true },
    },
    async (req) => {
      const joined = await acceptInvitation(app, req.ctx, req.params.id);
      await invitationAnswered(app, req, req.params.id, joined.id, 'invitation.accept');
      return joined;
    },
  );
  serve(account.declineInvitation, { summary: '拒绝邀请', config: { companyless: true } }, async (req) => {
    const { companyId } = await declineInvitation(app, req.ctx, req.params.id);
    await invitationAnswered(app, req, req.params.id, companyId, 'invitation.decline');
    return { ok: true as const };
  });

  serve(costRoutes.customer, '当前企业的套餐信息', async (req) => myCustomer(app, req.ctx));

  const dictionary = routesOf(app, dictionaries);
  dictionary(account.regions, '省市区级联数据（level 1-3，默认 2）', async (req) => ({
    data: regionTree(req.query.level),
  }));
  dictionary(
    routes.dictionary,
    '数据字典（clueSource 线索来源, industry 行业, documentType 文档类型）',
    async (req) => ({
      data: DICTIONARIES[req.query.itemCode],
    }),
  );

  await app.register(membersRoutes);
  await app.register(editorSettingsRoutes);
  await app.register(auditRoutes);
}
