import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';

export const TICKET_TTL_MS = 30_000;
export const HEARTBEAT_MS = 15_000;

interface Subscriber {
  userId: number;
  companyId: number;
  /** Sees every visitor of the company (permission /radar/all). */
  seesAll: boolean;
  send(event: LiveEvent): void;
}

export interface TicketOwner {
  userId: number;
  companyId: number;
  seesAll: boolean;
}

/**
 * Pushes message and visitor notifications to the consoles connected to this server process
 * (server-sent events). Tickets are one-time and short-lived, so tokens never travel in URLs.
 */
export class LiveHub {
  private subs = new Set<Subscriber>();
  private tickets = new Map<string, TicketOwner & { expires: number }>();

  issueTicket(owner: TicketOwner): string {
    const now = Date.now();
    for (const [t, v] of this.tickets) if (v.expires < now) this.tickets.delete(t);
    const ticket = randomBytes(24).toString('base64url');
    this.tickets.set(ticket, { ...owner, expires: now + TICKET_TTL_MS });
    return ticket;
  }

  /** The owner of a ticket, once: a used or expired ticket answers undefined. */
  takeTicket(ticket: string): TicketOwner | undefined {
    const t = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (!t || t.expires < Date.now()) return undefined;
    return { userId: t.userId, companyId: t.companyId, seesAll: t.seesAll };
  }

  subscribe(sub: Subscriber): () => void {
    this.subs.add(sub);
    return () => this.subs.delete(sub);
  }

  get size() {
    return this.subs.size;
  }

  /** A new message for one user, or for everyone of the company (userId null). */
  message(companyId: number, userId: number | null, classId: number) {
    for (const s of this.subs)
      if (s.companyId === companyId && (userId === null || s.userId === userId)) s.send({ type: 'message', classId });
  }

  /** A visitor did something on content shared by `sharerId`. */
  visitor(companyId: number, sharerId: number | null, visitorId: number) {
    for (const s of this.subs)
      if (s.companyId === companyId && (s.seesAll || s.userId === sharerId)) s.send({ type: 'visitor', visitorId });
  }
}

const hubs = new WeakMap<object, LiveHub>();

/** The hub of one app (keyed by its database, which every encapsulated plugin shares). */
export function liveHub(app: FastifyInstance): LiveHub {
  let hub = hubs.get(app.db);
  if (!hub) {
    hub = new LiveHub();
    hubs.set(app.db, hub);
  }
  return hub;
}
