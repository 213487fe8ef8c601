import { PERMISSION } from '@huoke/contracts';
import { companyRoutes as routes } from '@huoke/contracts/routes/company';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.js';
import { routesOf } from '../../lib/route.js';
import { listBindings, saveBinding } from './bindings-service.js';
import { cancelInvitation, invite, listInvitations } from './invitations-service.js';
import {
  changeRole,
  decideApplication,
  deptUserTree,
  listApplications,
  listMembers,
  removeMember,
  seatsOf,
} from './members-service.js';

const tags = ['company members'];
const manage = { permission: PERMISSION.memberManage };
const ok = { ok: true as const };

/** Company management: members, invitations, join applications, seats, third-party bindings. */
export async function membersRoutes(app: FastifyInstance) {
  await app.register(memberListRoutes);
  await app.register(applicationRoutes);
  await app.register(seatsAndBindingsRoutes);
}

/** Members: the list, invitations, role changes and removal. */
async function memberListRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.members, { summary: '成员列表（搜索姓名或手机号，分页）', config: manage }, async (req) =>
    listMembers(app, req.ctx, req.query),
  );
  serve(
    routes.invite,
    {
      summary: '按手机号邀请成员',
      description:
        '同一企业邀请同一手机号 24 小时内最多 5 次（撤销后再邀请也计次；被拒绝的邀请如 409 不计次），超出答 429「邀请该手机号过于频繁，请N小时后再试」（最后一小时内为「请N分钟后再试」）。',
      config: manage,
    },
    async (req) => {
      const done = await invite(app, req.ctx, req.body);
      await audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'member.invite',
        targetKind: 'invitation',
        targetId: done.id,
        targetName: req.body.phone,
        changes: { phone: req.body.phone, role: req.body.role },
      });
      return done;
    },
  );
  serve(routes.invitations, { summary: '待接受的邀请', config: manage }, async (req) => ({
    data: await listInvitations(app, req.ctx),
  }));
  serve(routes.cancelInvitation, { summary: '撤销邀请', config: manage }, async (req) => {
    const inv = await cancelInvitation(app, req.ctx, req.params.id);
    await audit(app.db, req, {
      companyId: req.ctx.companyId,
      action: 'invitation.cancel',
      targetKind: 'invitation',
      targetId: req.params.id,
      targetName: inv.phone,
    });
    return ok;
  });
  serve(routes.changeRole, { summary: '修改成员角色', config: manage }, async (req) => {
    const c = await changeRole(app, req.ctx, req.params.id, req.body.role);
    await audit(app.db, req, {
      companyId: req.ctx.companyId,
      action: 'member.role',
      targetKind: 'user',
      targetId: c.userId,
      targetName: c.name,
      changes: { role: { from: c.from, to: req.body.role } },
    });
    return ok;
  });
  serve(routes.remove, { summary: '移除成员（其在本企业的会话立即失效）', config: manage }, async (req) => {
    const m = await removeMember(app, req.ctx, req.params.id);
    await audit(app.db, req, {
      companyId: req.ctx.companyId,
      action: 'member.remove',
      targetKind: 'user',
      targetId: m.userId,
      targetName: m.name,
      changes: { role: m.role },
    });
    return ok;
  });
}

/** Applications to join the company: the list, approval and refusal. */
async function applicationRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.applications, { summary: '加入申请列表', config: manage }, async (req) =>
    listApplications(app, req.ctx, req.query),
  );
  /** Approval or refusal, audited with the applicant as target. */
  const decide = async (req: FastifyRequest, id: number, decision: 'approved' | 'refused') => {
    const a = await decideApplication(app, req.ctx, id, decision);
    await audit(app.db, req, {
      companyId: req.ctx.companyId,
      action: decision === 'approved' ? 'application.approve' : 'application.refuse',
      targetKind: 'user',
      targetId: a.userId,
      targetName: a.name,
      changes: decision === 'approved' ? { application: id, role: 'staff' } : { application: id },
    });
    return ok;
  };
  serve(routes.approve, { summary: '通过加入申请（占用席位）', config: manage }, (req) =>
    decide(req, req.params.id, 'approved'),
  );
  serve(routes.refuse, { summary: '拒绝加入申请', config: manage }, (req) => decide(req, req.params.id, 'refused'));
}

/** Seats, third-party bindings and the department tree of the member pickers. */
async function seatsAndBindingsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.seats, { summary: '席位：已购与已用', config: manage }, async (req) =>
    seatsOf(app.db, req.ctx.companyId),
  );
  serve(routes.bindings, { summary: '第三方绑定（密钥不返回）', config: manage }, async (req) => ({
    data: await listBindings(app, req.ctx),
  }));
  serve(routes.saveBinding, { summary: '保存第三方绑定（密钥加密保存）', config: manage }, async (req) => {
    const { before } = await saveBinding(app, req.ctx, req.body);
    const changes = bindingChanges(before, req.body);
    // A save that changed nothing is no event: it was logged as "AppID: - - → - -".
    if (Object.keys(changes).length === 0) return ok;
    await audit(app.db, req, {
      companyId: req.ctx.companyId,
      action: 'binding.save',
      targetKind: 'binding',
      targetId: req.body.kind,
      targetName: req.body.kind,
      changes,
    });
    return ok;
  });
  serve(routes.deptTree, '部门与成员树（选择成员用）', async (req) => ({
    data: await deptUserTree(app, req.ctx, req.query),
  }));
}

/** What a binding save changed: AppID and signature when they differ, and whether a new secret (never itself) was stored. */
function bindingChanges(
  before: { appId: string; signature: string } | null,
  body: { appId: string; signature: string; secret?: string },
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ['appId', 'signature'] as const) {
    if ((before?.[key] ?? '') !== body[key]) changes[key] = { from: before?.[key] ?? null, to: body[key] };
  }
  if (body.secret) changes.newKeyStored = true;
  return changes;
}
