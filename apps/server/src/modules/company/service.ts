import type { CompanyListItem, CustomerInfo, MyApplicationItem } from '@huoke/contracts';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, joinApplications, memberships, products, users } from '../../db/schema/index.js';
import { assertLoginCreates, assertLoginOpens } from '../../lib/admin-password.js';
import { badRequest, conflict, notFound, tooMany, unauthorized } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { checkCode } from '../../lib/sms-codes.js';
import type { Ctx } from '../../lib/tenancy.js';
import {
  APPLICATIONS_LINK,
  announceNotices,
  applicationKey,
  hotUnreadByCompany,
  writeNotices,
} from '../messages/index.js';
import { regionExists } from './regions.js';
import { companyStatus } from './status.js';

/** Every company the user is an active member of, for the 选择企业 dialog. */
export async function listMyCompanies(app: FastifyInstance, ctx: Ctx): Promise<CompanyListItem[]> {
  const rows = await app.db
    .select({
      id: companies.id,
      name: companies.name,
      logo: companies.logo,
      expiresAt: companies.expiresAt,
      proName: products.name,
      userName: users.name,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(products, eq(products.id, companies.productId))
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active')))
    .orderBy(memberships.id);
  const hot = await hotUnreadByCompany(app.db, ctx.userId);
  return rows.map((r) => {
    const { status, days } = companyStatus(r.expiresAt);
    return {
      id: r.id,
      customerId: r.id,
      customerName: r.name,
      name: r.userName,
      logo: r.logo,
      proName: r.proName ?? '',
      status,
      days,
      current: r.id === ctx.companyId,
      hotUnread: hot.get(r.id) ?? 0,
    };
  });
}

/** Customer info of SPEC §3 for the session's company. */
export async function myCustomer(app: FastifyInstance, ctx: Ctx): Promise<CustomerInfo> {
  if (!ctx.companyId) throw notFound('尚未加入企业');
  const [c] = await app.db
    .select({
      id: companies.id,
      name: companies.name,
      number: companies.number,
      expiresAt: companies.expiresAt,
      productName: products.name,
      productId: products.id,
    })
    .from(companies)
    .leftJoin(products, eq(products.id, companies.productId))
    .where(eq(companies.id, ctx.companyId));
  if (!c) throw notFound('企业不存在');
  const { status, days } = companyStatus(c.expiresAt);
  return {
    productName: c.productName ?? '',
    productId: c.productId,
    reDays: days,
    endDate: c.expiresAt ? c.expiresAt.toISOString() : null,
    customerName: c.name,
    customerId: c.id,
    status,
    companyNumber: c.number,
  };
}

/** A 6-digit company number nobody uses yet (the randomCode people type to join). */
async function newCompanyNumber(tx: DbOrTx): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const n = String(100000 + Math.floor(Math.random() * 900000));
    const [hit] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.number, n));
    if (!hit) return n;
  }
  throw conflict('企业号生成失败，请重试');
}

/**
 * Creates a company; the caller becomes its administrator (one seat, no package yet). A login with an
 * administrator-set password may not: it could not enter the new company (403 before anything is created).
 */
export async function registerCompany(
  app: FastifyInstance,
  ctx: Ctx,
  body: { icCompanyName: string; regionId: number; icLinkMan: string },
): Promise<{ id: number }> {
  assertLoginCreates(ctx);
  if (!regionExists(body.regionId)) throw badRequest('请选择企业地区', 'regionId');
  return app.db.transaction(async (tx) => {
    const number = await newCompanyNumber(tx);
    const [c] = await tx
      .insert(companies)
      .values({
        name: body.icCompanyName,
        number,
        regionId: body.regionId,
        contactName: body.icLinkMan,
        seats: 1,
      })
      .returning({ id: companies.id });
    await tx.insert(memberships).values({ companyId: c.id, userId: ctx.userId, role: 'admin' });
    return { id: c.id };
  });
}

/** A pending application to join the company with that number. */
/** How long a decided application still shows to its applicant (加入申请 on the newcomer's workbench). */
const DECIDED_SHOWN_DAYS = 30;

/**
 * The caller's own join applications, newest first: waiting, or decided in the last DECIDED_SHOWN_DAYS days (so the
 * applicant learns the answer). Only their own: by the session's user, whatever company it is in.
 */
export async function myApplications(app: FastifyInstance, ctx: Ctx): Promise<MyApplicationItem[]> {
  const since = new Date(Date.now() - DECIDED_SHOWN_DAYS * 86_400_000);
  const rows = await app.db
    .select({
      id: joinApplications.id,
      companyName: companies.name,
      status: joinApplications.status,
      createdAt: joinApplications.createdAt,
      decidedAt: joinApplications.decidedAt,
    })
    .from(joinApplications)
    .innerJoin(companies, eq(companies.id, joinApplications.companyId))
    .where(
      and(
        eq(joinApplications.userId, ctx.userId),
        or(eq(joinApplications.status, 'pending'), gt(joinApplications.decidedAt, since)),
      ),
    )
    .orderBy(desc(joinApplications.id))
    .limit(20);
  return rows.map(({ createdAt, decidedAt, ...r }) => ({
    ...r,
    createTime: createdAt.toISOString(),
    decideTime: decidedAt?.toISOString() ?? null,
  }));
}

/** Wrong company numbers a person may type per window: the numbers are six digits, not to be walked. */
const JOIN_MISSES = 10;
const JOIN_WINDOW_MS = 15 * 60_000;

export async function applyToJoin(
  app: FastifyInstance,
  ctx: Ctx,
  body: { randomCode: string; name: string; description: string },
): Promise<{ id: number }> {
  // Counted before the lookup and given back when the number is right (as a wrong password): walking the numbers
  // named every company (GetMyApplications) and sent each one's administrators a request. Once the person's window
  // is full, a right number is refused as well, or the refusals would tell the right ones apart.
  const tries = `join:u:${ctx.userId}`;
  if (!(await app.limiter.hit(tries, JOIN_MISSES, JOIN_WINDOW_MS))) {
    const wait = await app.limiter.retryAfter(tries);
    throw tooMany(`企业号错误次数过多，请${Math.max(1, Math.ceil(wait / 60))}分钟后再试`, wait);
  }
  const [c] = await app.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.number, body.randomCode));
  if (!c) throw notFound('企业号不存在', 'randomCode');
  await app.limiter.release(tries);
  // Signed in with a password an administrator set: that administrator could be the one applying, and an approval
  // would make the account a member of a company the password does not open (as accepting an invitation).
  assertLoginOpens(ctx, c.id);
  const [m] = await app.db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.companyId, c.id), eq(memberships.userId, ctx.userId)));
  if (m?.status === 'active') throw conflict('您已是该企业成员', 'randomCode');
  const [pending] = await app.db
    .select({ id: joinApplications.id })
    .from(joinApplications)
    .where(
      and(
        eq(joinApplications.companyId, c.id),
        eq(joinApplications.userId, ctx.userId),
        eq(joinApplications.status, 'pending'),
      ),
    );
  let id: number;
  if (pending) {
    await app.db
      .update(joinApplications)
      .set({ name: body.name, description: body.description, createdAt: new Date() })
      .where(eq(joinApplications.id, pending.id));
    id = pending.id;
  } else {
    const [row] = await app.db
      .insert(joinApplications)
      .values({ companyId: c.id, userId: ctx.userId, name: body.name, description: body.description })
      .returning({ id: joinApplications.id });
    id = row.id;
  }
  await tellAdministrators(app, c, id, body);
  return { id };
}

/**
 * Every administrator of the company gets a message (系统消息) linking to 企业管理 → 加入申请. One per request (its
 * key): sending the request again, which updates the waiting one, tells nobody twice but brings the message's name
 * and reason up to date (an administrator named since is told then).
 */
async function tellAdministrators(
  app: FastifyInstance,
  c: { id: number; name: string },
  applicationId: number,
  body: { name: string; description: string },
) {
  const admins = await app.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.companyId, c.id), eq(memberships.role, 'admin'), eq(memberships.status, 'active')));
  const written = await writeNotices(
    app.db,
    admins.map((a) => ({ companyId: c.id, userId: a.userId })),
    applicationKey(applicationId),
    { notice: 'join', company: c.name, applicant: body.name, reason: body.description },
    APPLICATIONS_LINK,
  );
  await announceNotices(app, written);
}

/** A new user from the register form; pending invitations for the phone become memberships. */
export async function customerRegister(
  app: FastifyInstance,
  body: { account: string; password: string; phone: string; code: string; name: string },
  /** The body's name of the number, for its refusal's `field`. */
  phoneField: 'phone' | 'mobile' = 'phone',
): Promise<{ id: number; token: string }> {
  const taken = await app.db
    .select({ account: users.account, phone: users.phone })
    .from(users)
    .where(sql`lower(${users.account}) = lower(${body.account}) or ${users.phone} = ${body.phone}`);
  // Checked outside the transaction so a wrong try is counted even though registration fails. Only the holder of
  // the number's right code learns that the account name or the number is taken (no one else can list accounts
  // through this form); a taken account name leaves the code live, so the form is sent again with another name.
  const accountFree = async () => {
    if (taken.some((u) => u.account.toLowerCase() === body.account.toLowerCase()))
      throw conflict('账号已存在', 'account');
  };
  if (!(await checkCode(app, body.phone, 'register', body.code, accountFree))) throw badRequest('验证码错误', 'code');
  if (taken.length) throw conflict('手机号已注册', phoneField);
  const passwordHash = await hashPassword(body.password);
  return app.db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({ account: body.account, phone: body.phone, passwordHash, name: body.name })
      .returning({ id: users.id });
    if (!u) throw unauthorized();
    // No company yet, even with invitations waiting: its owner accepts them in 切换企业 (invitations-service.ts).
    const token = await app.sessions.create(tx, u.id, null);
    return { id: u.id, token };
  });
}
