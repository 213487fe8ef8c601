import type { LiveEvent } from '@huoke/contracts';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClusterBus } from '../../cluster/bus.js';
import type { Db } from '../../db/client.js';
import { liveTickets, sessions } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

const TICKET_TTL_MS = 30_000;
export const HEARTBEAT_MS = 15_000;

interface Subscriber {
  userId: number;
  companyId: number;
  /** The session the stream was opened for (token hash): its logout or company switch ends the stream. */
  sessionHash?: string | null;
  /** Sees every visitor of the company (permission /radar/all). */
  seesAll: boolean;
  send(event: LiveEvent): void;
  /** Ends the stream (its user's sessions were ended: the console's reconnect asks for a ticket and is refused). */
  end(): void;
}

interface TicketOwner {
  userId: number;
  companyId: number;
  seesAll: boolean;
  sessionHash?: string | null;
}

/**
 * Pushes message and visitor notifications to the consoles connected to this server process (server-sent
 * events). Notifications travel over the cluster bus, so a radar message stored by any server copy reaches the
 * consoles connected to every copy. Tickets are one-time and short-lived rows (tokens never travel in URLs): a
 * ticket issued by one copy opens the stream on any copy, once.
 */
export class LiveHub {
  private subs = new Set<Subscriber>();
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: ClusterBus,
  ) {
    bus.subscribe((events) => {
      for (const e of events) {
        if (e.t === 'msg') this.pushMessage(e.c, e.u, e.k);
        else if (e.t === 'vis') this.pushVisitor(e.c, e.s, e.v);
        else if (e.t === 'hot') this.pushHot(e.c, e.u, e.m);
        else if (e.t === 'usr') this.endUser(e.u, e.c);
        else if (e.t === 'tok') this.endSession(e.h);
      }
    });
  }

  async issueTicket(owner: TicketOwner): Promise<string> {
    const now = Date.now();
    if (now >= this.nextSweep) {
      this.nextSweep = now + TICKET_TTL_MS;
      await this.db.delete(liveTickets).where(lt(liveTickets.expiresAt, new Date(now)));
    }
    const ticket = newToken(24);
    await this.db
      .insert(liveTickets)
      .values({ ticketHash: hashToken(ticket), ...owner, expiresAt: new Date(now + TICKET_TTL_MS) });
    return ticket;
  }

  /**
   * The owner of a ticket, once (whichever copy asks): a used or expired ticket answers undefined, and so does one
   * whose session has ended since (logout, company switch, …).
   */
  async takeTicket(ticket: string): Promise<TicketOwner | undefined> {
    const [t] = await this.db
      .delete(liveTickets)
      .where(eq(liveTickets.ticketHash, hashToken(ticket)))
      .returning({
        userId: liveTickets.userId,
        companyId: liveTickets.companyId,
        seesAll: liveTickets.seesAll,
        expiresAt: liveTickets.expiresAt,
        sessionHash: liveTickets.sessionHash,
      });
    if (!t || t.expiresAt.getTime() < Date.now()) return undefined;
    if (t.sessionHash) {
      const [live] = await this.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.tokenHash, t.sessionHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
        );
      if (!live) return undefined;
    }
    const owner = { userId: t.userId, companyId: t.companyId, seesAll: t.seesAll };
    return t.sessionHash ? { ...owner, sessionHash: t.sessionHash } : owner;
  }

  subscribe(sub: Subscriber): () => void {
    this.subs.add(sub);
    return () => this.subs.delete(sub);
  }

  get size() {
    return this.subs.size;
  }

  /** A new message for one user, or for everyone of the company (userId null), on every server copy. */
  message(companyId: number, userId: number | null, classId: number) {
    this.bus.emit([{ t: 'msg', c: companyId, u: userId, k: classId }]);
  }

  /** A visitor did something on content shared by `sharerId` (every server copy). */
  visitor(companyId: number, sharerId: number | null, visitorId: number) {
    this.bus.emit([{ t: 'vis', c: companyId, s: sharerId, v: visitorId }]);
  }

  /** A hot moment: message m for user u (every server copy). */
  hot(companyId: number, userId: number, messageId: number) {
    this.bus.emit([{ t: 'hot', c: companyId, u: userId, m: messageId }]);
  }

  /**
   * A user's sessions were ended (password or phone change, removal, a role change): their open streams end too,
   * in every copy, so a removed member hears nothing more and a new role's stream is opened with its new rights.
   */
  private endUser(userId: number, companyId?: number) {
    for (const s of [...this.subs])
      if (s.userId === userId && (companyId === undefined || s.companyId === companyId)) s.end();
  }

  /**
   * After this copy's listener was cut off (cluster bus resync), it may have missed the notices that end streams: a
   * member removed meanwhile would go on hearing the company. Each open stream's session is read again; a stream
   * whose session ended (or that has none to read) ends; the console reconnects with a ticket if it still may.
   */
  async recheck(): Promise<void> {
    const open = [...this.subs];
    const hashes = [...new Set(open.map((s) => s.sessionHash).filter((h): h is string => !!h))];
    const live = new Set(
      hashes.length === 0
        ? []
        : (
            await this.db
              .select({ hash: sessions.tokenHash })
              .from(sessions)
              .where(
                and(
                  inArray(sessions.tokenHash, hashes),
                  isNull(sessions.revokedAt),
                  gt(sessions.expiresAt, new Date()),
                ),
              )
          ).map((r) => r.hash),
    );
    for (const s of open) if (!s.sessionHash || !live.has(s.sessionHash)) s.end();
  }

  /** A session ended (logout, company switch): the streams opened for it end, in every copy. */
  private endSession(tokenHash: string) {
    for (const s of [...this.subs]) if (s.sessionHash === tokenHash) s.end();
  }

  private pushHot(companyId: number, userId: number, messageId: number) {
    for (const s of this.subs) if (s.companyId === companyId && s.userId === userId) s.send({ type: 'hot', messageId });
  }

  private pushMessage(companyId: number, userId: number | null, classId: number) {
    for (const s of this.subs)
      if (s.companyId === companyId && (userId === null || s.userId === userId)) s.send({ type: 'message', classId });
  }

  private pushVisitor(companyId: number, sharerId: number | null, visitorId: number) {
    for (const s of this.subs)
      if (s.companyId === companyId && (s.seesAll || s.userId === sharerId)) s.send({ type: 'visitor', visitorId });
  }
}

/** The hub of one app (decorated in app.ts). */
export function liveHub(app: FastifyInstance): LiveHub {
  return app.live;
}
