import {
  type ApplicationItem,
  type DeptTreeNode,
  type MemberItem,
  type Page,
  PERMISSION,
  type Role,
  SEATS_FULL,
  type SeatsInfo,
} from '@huoke/contracts';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyInvitations, joinApplications, memberships, users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { peopleBeyondCaller } from '../../lib/people.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import {
  announceNotices,
  applicationKey,
  endNotices,
  invitationKey,
  type NoticeEnd,
  type NoticeReceiver,
} from '../messages/index.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const like = containing;

export async function seatsOf(db: DbOrTx, companyId: number): Promise<SeatsInfo> {
  const [c] = await db.select({ seats: companies.seats }).from(companies).where(eq(companies.id, companyId));
  const [u] = await db
    .select({ n: count() })
    .from(memberships)
    .where(inCompany({ companyId }, memberships, eq(memberships.status, 'active')));
  const bought = c?.seats ?? 0;
  const used = u?.n ?? 0;
  return { bought, used, free: Math.max(0, bought - used) };
}

/** Locks the company row so two approvals cannot both take the last seat, then checks a seat is free. */
export async function takeSeat(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const seats = await seatsOf(tx, companyId);
  if (seats.free <= 0) throw badRequest(SEATS_FULL, 'seats');
}

/**
 * Makes (or re-activates) a membership; the caller has taken a seat. The company's other invitations to the person's
 * phone end here: one left waiting let a member later removed come back by accepting it, without anyone's yes.
 * Answers whom to tell (the ended invitations' messages), once committed.
 */
export async function addMembership(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  role: Role,
): Promise<NoticeReceiver[]> {
  await tx
    .insert(memberships)
    .values({ companyId, userId, role })
    .onConflictDoUpdate({
      target: [memberships.companyId, memberships.userId],
      set: { status: 'active', role },
    });
  return cancelInvitationsOf(tx, companyId, userId, { state: 'void' });
}

/**
 * Ends the company's pending invitations to the person's phone (they joined: void; they were removed: withdrawn),
 * and says so in their messages. Answers whom to tell, once committed.
 */
async function cancelInvitationsOf(
  tx: DbOrTx,
  companyId: number,
  userId: number,
  end: NoticeEnd,
): Promise<NoticeReceiver[]> {
  const ended = await tx
    .update(companyInvitations)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        eq(companyInvitations.status, 'pending'),
        eq(companyInvitations.phone, sql`(select ${users.phone} from ${users} where ${users.id} = ${userId})`),
      ),
    )
    .returning({ id: companyInvitations.id });
  const told: NoticeReceiver[] = [];
  for (const inv of ended) told.push(...(await endNotices(tx, invitationKey(inv.id), end)));
  return told;
}

export async function isActiveMember(tx: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const [m] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(inCompany({ companyId }, memberships, eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return Boolean(m);
}

export async function listMembers(
  app: FastifyInstance,
  ctx: Ctx,
  q: { pageIndex: number; pageSize: number; name?: string },
): Promise<Page<MemberItem>> {
  // Seat numbers follow joining order over every active member, whatever the search.
  const order = await app.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(inCompany(ctx, memberships, eq(memberships.status, 'active')))
    .orderBy(asc(memberships.id));
  const seat = new Map(order.map((m, i) => [m.id, i + 1]));
  const where = inCompany(
    ctx,
    memberships,
    eq(memberships.status, 'active'),
    q.name ? or(ilike(users.name, like(q.name)), ilike(users.phone, like(q.name))) : undefined,
  );
  const [total] = await app.db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const rows = await app.db
    .select({
      id: memberships.id,
      userId: users.id,
      avatar: users.avatar,
      name: users.name,
      phone: users.phone,
      role: memberships.role,
      position: memberships.position,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(memberships.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const beyond = await peopleBeyondCaller(
    app.db,
    ctx,
    rows.map((r) => r.userId),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      avatar: r.avatar,
      name: r.name,
      phone: r.phone ?? '',
      role: r.role,
      position: r.position,
      seat: seat.get(r.id) ?? 0,
      isMe: r.userId === ctx.userId,
      canManageAccount: !beyond.has(r.userId),
      createTime: r.createdAt.toISOString(),
    })),
    totalCount: total?.n ?? 0,
    pageIndex: q.pageIndex,
  };
}

export async function listApplications(
  app: FastifyInstance,
  ctx: Ctx,
  q: { pageIndex: number; pageSize: number; status?: 'pending' | 'approved' | 'refused' },
): Promise<Page<ApplicationItem>> {
  const where = inCompany(ctx, joinApplications, q.status ? eq(joinApplications.status, q.status) : undefined);
  const [total] = await app.db.select({ n: count() }).from(joinApplications).where(where);
  const rows = await app.db
    .select({ a: joinApplications, account: users.account, phone: users.phone })
    .from(joinApplications)
    .innerJoin(users, eq(users.id, joinApplications.userId))
    .where(where)
    .orderBy(sql`${joinApplications.status} = 'pending' desc`, desc(joinApplications.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return {
    data: rows.map(({ a, account, phone }) => ({
      id: a.id,
      userId: a.userId,
      name: a.name,
      account,
      phone: phone ?? '',
      description: a.description,
      status: a.status,
      createTime: a.createdAt.toISOString(),
      decidedTime: iso(a.decidedAt),
    })),
    totalCount: total?.n ?? 0,
    pageIndex: q.pageIndex,
  };
}

/**
 * Approve (membership, seat checked) or refuse a pending application of the caller's company. Every administrator's
 * message of it then says who decided what.
 */
export async function decideApplication(
  app: FastifyInstance,
  ctx: Ctx,
  id: number,
  decision: 'approved' | 'refused',
): Promise<{ userId: number; name: string }> {
  const { told, ...done } = await app.db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(joinApplications)
      .where(inCompany(ctx, joinApplications, eq(joinApplications.id, id)))
      .for('update');
    ownedOr404(a, '申请不存在');
    if (a.status !== 'pending') throw conflict('该申请已处理');
    const told = await endNotices(tx, applicationKey(a.id), { state: decision, by: ctx.name });
    if (decision === 'approved' && !(await isActiveMember(tx, ctx.companyId, a.userId))) {
      await takeSeat(tx, ctx.companyId);
      told.push(...(await addMembership(tx, ctx.companyId, a.userId, 'staff')));
    }
    await tx
      .update(joinApplications)
      .set({ status: decision, decidedBy: ctx.userId, decidedAt: new Date() })
      .where(eq(joinApplications.id, a.id));
    return { userId: a.userId, name: a.name, told };
  });
  await announceNotices(app, told);
  return done;
}

async function activeMember(tx: DbOrTx, ctx: Ctx, memberId: number) {
  const [m] = await tx
    .select()
    .from(memberships)
    .where(inCompany(ctx, memberships, eq(memberships.id, memberId), eq(memberships.status, 'active')))
    .for('update');
  return ownedOr404(m, '成员不存在');
}

async function adminCount(tx: DbOrTx, ctx: Ctx): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(inCompany(ctx, memberships, eq(memberships.status, 'active'), eq(memberships.role, 'admin')));
  return r?.n ?? 0;
}

export async function changeRole(
  app: FastifyInstance,
  ctx: Ctx,
  memberId: number,
  role: Role,
): Promise<{ userId: number; name: string; from: Role }> {
  const changed = await app.db.transaction(async (tx) => {
    const m = await activeMember(tx, ctx, memberId);
    if (m.userId === ctx.userId) throw badRequest('不能修改自己的角色', 'role');
    await tx.update(memberships).set({ role }).where(eq(memberships.id, m.id));
    return { userId: m.userId, name: await nameOf(tx, m.userId), from: m.role };
  });
  // Cached sessions pick the new permissions up at once.
  await app.sessions.forgetUser(changed.userId, ctx.companyId);
  return changed;
}

async function nameOf(tx: DbOrTx, userId: number): Promise<string> {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return u?.name ?? '';
}

/** Removes a member: their sessions in this company end at once (next call answers 410). */
export async function removeMember(
  app: FastifyInstance,
  ctx: Ctx,
  memberId: number,
): Promise<{ userId: number; name: string; role: Role }> {
  const { told, ...done } = await app.db.transaction(async (tx) => {
    const m = await activeMember(tx, ctx, memberId);
    if (m.userId === ctx.userId) throw badRequest('不能移除自己', 'id');
    if (m.role === 'admin' && (await adminCount(tx, ctx)) <= 1) throw badRequest('至少保留一名管理员', 'id');
    await tx.update(memberships).set({ status: 'removed' }).where(eq(memberships.id, m.id));
    const told = await cancelInvitationsOf(tx, ctx.companyId, m.userId, { state: 'withdrawn' });
    await app.sessions.revokeUser(tx, m.userId, 'removed', ctx.companyId);
    return { userId: m.userId, name: await nameOf(tx, m.userId), role: m.role, told };
  });
  await announceNotices(app, told);
  return done;
}

/**
 * The company as one department with its members, for user pickers. Phone numbers and removed members are for
 * those who manage members (as the member list): a colleague's picker gets names, and the removed as none.
 */
export async function deptUserTree(
  app: FastifyInstance,
  ctx: Ctx,
  q: { name?: string; status?: number },
): Promise<DeptTreeNode[]> {
  const manages = ctx.permissions.includes(PERMISSION.memberManage);
  if (q.status === 0 && !manages)
    return [{ id: `dept-${ctx.companyId}`, label: ctx.companyName, type: 'dept', children: [] }];
  const status = q.status === 0 ? 'removed' : 'active';
  const rows = await app.db
    .select({ userId: users.id, name: users.name, phone: users.phone, avatar: users.avatar })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      inCompany(ctx, memberships, eq(memberships.status, status), q.name ? ilike(users.name, like(q.name)) : undefined),
    )
    .orderBy(asc(memberships.id));
  return [
    {
      id: `dept-${ctx.companyId}`,
      label: ctx.companyName,
      type: 'dept',
      children: rows.map((r) => ({
        id: `user-${r.userId}`,
        label: r.name,
        type: 'user' as const,
        userId: r.userId,
        phone: manages ? (r.phone ?? '') : '',
        avatar: r.avatar,
      })),
    },
  ];
}
