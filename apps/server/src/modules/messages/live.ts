import type { LiveEvent } from '@huoke/contracts';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClusterBus } from '../../cluster/bus.js';
import type { Db } from '../../db/client.js';
import { liveTickets } from '../../db/schema/index.js';
import { type Ctx, seesAllVisitors } from '../../lib/tenancy.js';
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

/** A session's person and rights as the database has them now, undefined once it has ended (SessionStore.current). */
interface Sessions {
  current(tokenHash: string): Promise<Ctx | undefined>;
}

/** What a ticket is issued for: the session asking (its person and company). */
interface TicketOwner {
  userId: number;
  companyId: number;
  sessionHash: string;
}

/** Who a taken ticket's stream is for, with the rights the session has as it is taken. */
interface StreamOwner extends TicketOwner {
  seesAll: boolean;
}

/** A ticket being taken: a notice ending its user's or session's streams meanwhile voids it (`ended`). */
interface Opening extends TicketOwner {
  ended: boolean;
}

/**
 * Pushes message and visitor notifications to the consoles connected to this server process (server-sent
 * events). Notifications travel over the cluster bus, so a radar message stored by any server copy reaches the
 * consoles connected to every copy. Tickets are one-time and short-lived rows (tokens never travel in URLs): a
 * ticket issued by one copy opens the stream on any copy, once. A stream's rights are the session's as the database
 * has them when the ticket is taken, never as a copy had them cached when it was issued.
 */
export class LiveHub {
  private subs = new Set<Subscriber>();
  private opening = new Set<Opening>();
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: ClusterBus,
    private readonly sessions: Sessions,
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
   * The owner of a ticket, once (whichever copy asks), with the rights its session has now: read from the database,
   * since the copy that issued it may have had the old ones cached, or a role change may have been saved while it
   * was issued. A used or expired ticket answers undefined, and so does one whose session has ended since (logout,
   * company switch, removal, …) or whose user's streams were ended while its rights were read (the notice of a
   * change saved just then). The caller subscribes without awaiting anything in between, so a notice that comes
   * later ends the stream itself.
   */
  async takeTicket(ticket: string): Promise<StreamOwner | undefined> {
    const [t] = await this.db
      .delete(liveTickets)
      .where(eq(liveTickets.ticketHash, hashToken(ticket)))
      .returning({
        userId: liveTickets.userId,
        companyId: liveTickets.companyId,
        expiresAt: liveTickets.expiresAt,
        sessionHash: liveTickets.sessionHash,
      });
    if (!t?.sessionHash || t.expiresAt.getTime() < Date.now()) return undefined;
    const opening: Opening = { userId: t.userId, companyId: t.companyId, sessionHash: t.sessionHash, ended: false };
    this.opening.add(opening);
    try {
      const rights = await this.sessions.current(t.sessionHash);
      if (opening.ended || rights?.userId !== t.userId || rights.companyId !== t.companyId) return undefined;
      return { userId: t.userId, companyId: t.companyId, sessionHash: t.sessionHash, seesAll: seesAllVisitors(rights) };
    } finally {
      this.opening.delete(opening);
    }
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
   * A user's sessions were ended or their rights changed (password or phone change, removal, a role change): their
   * open streams end too, in every copy, so a removed member hears nothing more and a new role's stream is opened
   * with its new rights. Tickets of theirs being taken are refused.
   */
  private endUser(userId: number, companyId?: number) {
    const ends = (o: { userId: number; companyId: number }) =>
      o.userId === userId && (companyId === undefined || o.companyId === companyId);
    for (const o of this.opening) if (ends(o)) o.ended = true;
    for (const s of [...this.subs]) if (ends(s)) s.end();
  }

  /**
   * After this copy's listener was cut off (cluster bus resync), it may have missed the notices that end streams: a
   * member removed meanwhile would go on hearing the company, one made staff would go on hearing every visitor. Each
   * open stream's session is read again; a stream whose session ended (or that has none to read), or whose rights
   * are no longer the ones it was opened with, ends, and so does every ticket being taken; the console reconnects
   * with a new ticket if it still may.
   */
  async recheck(): Promise<void> {
    for (const o of this.opening) o.ended = true;
    const open = [...this.subs];
    const hashes = [...new Set(open.map((s) => s.sessionHash).filter((h): h is string => !!h))];
    const rights = new Map(await Promise.all(hashes.map(async (h) => [h, await this.sessions.current(h)] as const)));
    for (const s of open) {
      const now = s.sessionHash ? rights.get(s.sessionHash) : undefined;
      if (now?.userId !== s.userId || now.companyId !== s.companyId || seesAllVisitors(now) !== s.seesAll) s.end();
    }
  }

  /** A session ended (logout, company switch): the streams opened for it end, in every copy. */
  private endSession(tokenHash: string) {
    for (const o of this.opening) if (o.sessionHash === tokenHash) o.ended = true;
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
