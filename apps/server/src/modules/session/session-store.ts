import { permissionsForRole, type Role } from '@huoke/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ClusterBus } from '../../cluster/bus.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { companies, liveTickets, loginKeys, memberships, products, sessions, users } from '../../db/schema/index.js';
import { goneElsewhere } from '../../lib/admin-password.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { gone, HttpError, unauthorized } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { hashToken, newToken } from '../../lib/tokens.js';

type RevokeReason = 'logout' | 'password' | 'phone' | 'removed' | 'switched';

const GONE_TEXT: Record<Exclude<RevokeReason, 'logout'>, string> = {
  password: '密码已修改，请重新登录',
  phone: '手机号已修改，请重新登录',
  removed: '您已被移出该企业，请重新登录',
  switched: '已切换企业，请重新登录',
};

/** DESIGN §5: a TTL of seconds bounds what a server copy may still serve should a revocation notice be lost. */
export const SESSION_CACHE_TTL_MS = 5_000;

/**
 * Validates bearer tokens. Validated sessions are cached for a few seconds (one query per request
 * costs most of the throughput); every revocation drops the entry at once in this process and, through the
 * cluster bus, in every other server copy (inside the revoking transaction: delivered when it commits).
 */
export class SessionStore {
  private readonly cache = new BoundedCache<string, { ctx: Ctx; until: number }>(50_000);
  /** Moves at every drop: a session loaded while one happened is not cached (it may be what was dropped). */
  private drops = 0;

  constructor(
    private readonly db: Db,
    private readonly sessionDays: number,
    private readonly now: () => number = Date.now,
    private readonly bus?: ClusterBus,
  ) {
    bus?.subscribe((events) => {
      for (const e of events) {
        if (e.t === 'tok') {
          this.drops++;
          this.cache.delete(e.h);
        } else if (e.t === 'usr') this.dropUser(e.u, e.c);
        else if (e.t === 'co') this.dropCompany(e.c);
      }
    });
  }

  /**
   * A new session of a login, or (`authenticatedAt` given) a company switch's, which keeps the time its person last
   * proved who they are. `ownProof`: the login was a proof only the person has (SMS code, WeChat; a switch carries it).
   */
  async create(
    tx: DbOrTx,
    userId: number,
    companyId: number | null,
    { authenticatedAt, ownProof = false }: { authenticatedAt?: Date; ownProof?: boolean } = {},
  ): Promise<string> {
    const token = newToken();
    const [u] = await tx.select({ epoch: users.sessionEpoch }).from(users).where(eq(users.id, userId));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      companyId,
      epoch: u?.epoch ?? 0,
      ownProof,
      ...(authenticatedAt ? { authenticatedAt } : {}),
      expiresAt: new Date(Date.now() + this.sessionDays * 86_400_000),
    });
    return token;
  }

  async resolve(token: string): Promise<Ctx> {
    const tokenHash = hashToken(token);
    const now = this.now();
    // With other copies, wait until every notice committed before this request has reached this copy (revocations,
    // and the company version bumps the answer caches consulted later in the request compare with).
    const synced = this.bus?.kind === 'postgres' ? this.bus.sync() : undefined;
    const cached = this.cache.get(tokenHash);
    if (cached && cached.until > now) {
      if (synced) await synced;
      const hit = this.cache.get(tokenHash);
      if (hit && hit.until > now) return hit.ctx;
    }
    const drops = this.drops;
    const [{ ctx, expiresAt }] = await Promise.all([this.load(tokenHash), synced]);
    // A copy that may be missing revocations (its listening connection is lost) keeps nothing until it listens again.
    if (drops === this.drops && this.bus?.listening !== false)
      this.cache.set(tokenHash, { ctx, until: Math.min(now + SESSION_CACHE_TTL_MS, expiresAt) });
    return ctx;
  }

  /**
   * The session's person and rights as the database has them now, not as cached (the live stream's ticket is taken
   * and its streams checked with them); undefined when the session has ended in any way.
   */
  async current(tokenHash: string): Promise<Ctx | undefined> {
    try {
      return (await this.load(tokenHash)).ctx;
    } catch (err) {
      if (err instanceof HttpError) return undefined;
      throw err;
    }
  }

  /** Size of the cache (tests and metrics). */
  get cached(): number {
    return this.cache.size;
  }

  private async load(tokenHash: string): Promise<{ ctx: Ctx; expiresAt: number }> {
    const [row] = await this.db
      .select({
        session: sessions,
        user: {
          account: users.account,
          name: users.name,
          avatar: users.avatar,
          phone: users.phone,
          isOperator: users.isOperator,
          epoch: users.sessionEpoch,
          passwordSetFor: users.passwordSetFor,
        },
        company: { name: companies.name, expiresAt: companies.expiresAt },
        membership: { id: memberships.id, role: memberships.role, status: memberships.status },
        codes: products.codes,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, sessions.companyId))
      .leftJoin(products, eq(products.id, companies.productId))
      .leftJoin(
        memberships,
        and(eq(memberships.companyId, sessions.companyId), eq(memberships.userId, sessions.userId)),
      )
      .where(eq(sessions.tokenHash, tokenHash));
    if (!row) throw unauthorized();
    const s = row.session;
    if (s.revokedAt) {
      if (s.revokeReason && s.revokeReason !== 'logout')
        throw gone(GONE_TEXT[s.revokeReason as keyof typeof GONE_TEXT]);
      throw unauthorized();
    }
    if (s.epoch !== row.user.epoch) throw gone(GONE_TEXT.password);
    if (s.expiresAt.getTime() <= this.now()) throw unauthorized();
    if (s.companyId !== null && row.membership?.status !== 'active') throw gone(GONE_TEXT.removed);
    // A login with the password an administrator set opens only the companies it was set for (lib/admin-password.ts).
    const passwordFor = s.ownProof ? null : row.user.passwordSetFor;
    if (passwordFor && s.companyId !== null && !passwordFor.includes(s.companyId)) throw goneElsewhere(row.user.phone);
    const expiresAt = row.company?.expiresAt ?? null;
    const active = expiresAt !== null && expiresAt.getTime() > this.now();
    const role = (row.membership?.role ?? 'staff') as Role;
    const ctx: Ctx = {
      sessionId: s.id,
      tokenHash,
      userId: s.userId,
      account: row.user.account,
      name: row.user.name,
      avatar: row.user.avatar,
      phone: row.user.phone ?? '',
      companyId: s.companyId ?? 0,
      companyName: row.company?.name ?? '',
      membershipId: row.membership?.id ?? 0,
      role,
      permissions: s.companyId === null ? [] : permissionsForRole(role),
      codes: active ? (row.codes ?? []) : [],
      isOperator: row.user.isOperator,
      ...(passwordFor ? { passwordFor } : {}),
    };
    return { ctx, expiresAt: s.expiresAt.getTime() };
  }

  async revokeToken(tx: DbOrTx, tokenHash: string, reason: RevokeReason): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.cache.delete(tokenHash);
    // Inside a transaction the notice is delivered when it commits; outside (logout) it is sent before the answer.
    // Either way another copy's next request waits for it (sync) before trusting its cached session.
    await this.bus?.publish([{ t: 'tok', h: tokenHash }], tx === this.db ? undefined : tx);
  }

  /** Ends every session of a user (in one company when given): their next call answers 410. */
  async revokeUser(tx: DbOrTx, userId: number, reason: RevokeReason, companyId?: number): Promise<void> {
    const where = companyId
      ? and(eq(sessions.userId, userId), eq(sessions.companyId, companyId), isNull(sessions.revokedAt))
      : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await tx.update(sessions).set({ revokedAt: new Date(), revokeReason: reason }).where(where);
    await dropLiveTickets(tx, userId, companyId);
    await dropLoginKeys(tx, userId, companyId);
    if (!companyId)
      await tx
        .update(users)
        .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
        .where(eq(users.id, userId));
    this.dropUser(userId, companyId);
    await this.bus?.publish([companyId ? { t: 'usr', u: userId, c: companyId } : { t: 'usr', u: userId }], tx);
  }

  /**
   * Drops the cached sessions of a user (in one company when given), in every server copy. Called after a commit:
   * should the notice fail, the change is stored and other copies see it within SESSION_CACHE_TTL_MS.
   */
  async forgetUser(userId: number, companyId?: number): Promise<void> {
    this.dropUser(userId, companyId);
    await dropLiveTickets(this.db, userId, companyId);
    await this.bus
      ?.publish([companyId ? { t: 'usr', u: userId, c: companyId } : { t: 'usr', u: userId }])
      .catch(() => {});
  }

  /** Package or role changes: drop cached sessions of a company (in every server copy) so new codes apply at once. */
  async forgetCompany(companyId: number): Promise<void> {
    this.dropCompany(companyId);
    await this.bus?.publish([{ t: 'co', c: companyId }]).catch(() => {});
  }

  /** Drops every cached session (a copy that may have missed revocations). */
  clear(): void {
    this.drops++;
    this.cache.clear();
  }

  private dropUser(userId: number, companyId?: number): void {
    this.drops++;
    this.cache.deleteWhere(
      (_k, v) => v.ctx.userId === userId && (companyId === undefined || v.ctx.companyId === companyId),
    );
  }

  private dropCompany(companyId: number): void {
    this.drops++;
    this.cache.deleteWhere((_k, v) => v.ctx.companyId === companyId);
  }
}

/**
 * Live-stream tickets not yet taken (30 s) carry the rights they were issued with: a change of the user's sessions
 * or rights voids them, as it ends the user's open streams, so none opens a stream with the old rights afterwards.
 */
async function dropLiveTickets(db: DbOrTx, userId: number, companyId?: number): Promise<void> {
  await db
    .delete(liveTickets)
    .where(
      companyId
        ? and(eq(liveTickets.userId, userId), eq(liveTickets.companyId, companyId))
        : eq(liveTickets.userId, userId),
    );
}

/**
 * Login keys not yet exchanged (5 minutes) are sessions to come: whatever ends the user's sessions ends them too, so
 * a key minted just before a password change (by whoever held the old session) opens no session afterwards.
 */
async function dropLoginKeys(db: DbOrTx, userId: number, companyId?: number): Promise<void> {
  const mine = companyId
    ? and(eq(loginKeys.userId, userId), eq(loginKeys.companyId, companyId))
    : eq(loginKeys.userId, userId);
  await db.delete(loginKeys).where(and(mine, isNull(loginKeys.usedAt)));
}
