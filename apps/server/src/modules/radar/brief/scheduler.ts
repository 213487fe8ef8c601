/**
 * The daily brief's scheduler: every minute of a listening server, at or after 08:00 China time, each active staff member who has not
 * turned the brief off and has no brief for the day gets one. A `daily_briefs` row taken with INSERT … ON CONFLICT
 * DO NOTHING RETURNING decides which server copy sends it (the row and the message commit together), so there is
 * exactly one brief per user per day however many copies run.
 */
import { type BriefLead, MESSAGE_CLASS } from '@huoke/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { briefOptOuts, dailyBriefs, memberships, messages } from '../../../db/schema/index.js';
import { serverNow } from '../../../lib/clock.js';
import { dayOf } from '../../../lib/days.js';
import { liveHub } from '../../messages/index.js';
import { visitorName } from '../describe.js';
import { buildBrief } from './build.js';
import { BRIEF_NAMED, type BriefParams, type BriefWho, briefDescription, briefTitle } from './text.js';
import { ownerOf } from './who.js';

const BRIEF_HOUR = 8;
const BRIEF_LINK = '/home';
const TICK_MS = 60_000;

/** Now, or the configured test clock. */
export const briefNow = (app: FastifyInstance) => serverNow(app.config);

const chinaHour = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).getUTCHours();

/**
 * Sends the briefs due at `now`; answers how many this copy sent. `stopping` is asked before each member's: a server
 * shutting down sends no more (the rest are sent by the next run of any copy, the rows deciding who sends which).
 */
export async function sendBriefs(
  app: FastifyInstance,
  now = briefNow(app),
  stopping: () => boolean = () => false,
): Promise<number> {
  if (chinaHour(now) < BRIEF_HOUR) return 0;
  const db: Db = app.db;
  const day = dayOf(now);
  const due = await db
    .select({ companyId: memberships.companyId, userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .leftJoin(
      dailyBriefs,
      and(
        eq(dailyBriefs.companyId, memberships.companyId),
        eq(dailyBriefs.userId, memberships.userId),
        eq(dailyBriefs.day, day),
      ),
    )
    .leftJoin(
      briefOptOuts,
      and(eq(briefOptOuts.companyId, memberships.companyId), eq(briefOptOuts.userId, memberships.userId)),
    )
    .where(
      and(
        eq(memberships.status, 'active'),
        isNull(dailyBriefs.userId),
        or(isNull(briefOptOuts.off), eq(briefOptOuts.off, false)),
      ),
    );
  let sent = 0;
  for (const m of due) {
    if (stopping()) break;
    // Built before the row is taken (reads only), so the transaction holding the row stays short.
    const b = await buildBrief(db, ownerOf(m.companyId, m.userId, m.role), day, now, 'zh');
    const params: BriefParams = {
      brief: day,
      n: b.leads.length,
      ...(b.leads.length ? { w: b.leads.slice(0, BRIEF_NAMED).map(briefWho) } : {}),
      ...(b.moreDue ? { m: b.moreDue } : {}),
      l: b.yesterday.leads,
      c: b.yesterday.consults,
      s: b.streak,
      ...(b.topContent ? { t: b.topContent.title } : {}),
    };
    const id = await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(dailyBriefs)
        .values({ companyId: m.companyId, userId: m.userId, day })
        .onConflictDoNothing()
        .returning({ day: dailyBriefs.day });
      if (!taken) return null;
      const [msg] = await tx
        .insert(messages)
        .values({
          companyId: m.companyId,
          userId: m.userId,
          classId: MESSAGE_CLASS.radar,
          title: briefTitle('zh'),
          description: briefDescription(params, 'zh'),
          routeLink: BRIEF_LINK,
          params,
          createdAt: now,
        })
        .returning({ id: messages.id });
      await tx
        .update(dailyBriefs)
        .set({ messageId: msg!.id })
        .where(and(eq(dailyBriefs.companyId, m.companyId), eq(dailyBriefs.userId, m.userId), eq(dailyBriefs.day, day)));
      return msg!.id;
    });
    if (id !== null) {
      sent++;
      // The message counts cached for the company are stale, in every copy, before the console is told to reload:
      // its list totals (a user's 1,000 messages and more are kept for 10 s) as after any other message write.
      app.listTotals.forget(m.companyId, 'messages');
      await app.companyVersions.bump(m.companyId, 'events');
      liveHub(app).message(m.companyId, m.userId, MESSAGE_CLASS.radar);
    }
  }
  return sent;
}

/**
 * Starts the minute timer (with a first run at once) when the server starts listening, and stops it on close. An app
 * that never listens (tests driving it with inject, scripts) sends no briefs by itself: tests call `sendBriefs`.
 */
export function startBriefScheduler(app: FastifyInstance) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    running = sendBriefs(app, briefNow(app), () => closed)
      .then(
        () => {},
        (err) => app.log.error({ err }, 'daily brief'),
      )
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    if (timer) return;
    timer = setInterval(tick, TICK_MS);
    timer.unref();
    tick();
  });
  // A run under way ends after the member it is at, before the database closes: a first start after 08:00 sends every
  // member's brief, and a shutdown then waited on them (on a busy machine past its 15 s) or closed the database under
  // their queries.
  app.addHook('preClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}

/**
 * A lead as the message stores it: its id and the name the visitor gave. The brief was built in Chinese, where a
 * visitor without a name is 匿名访客 #12: stored as no name, it is said in the reader's language.
 */
const briefWho = (l: BriefLead): BriefWho => ({ i: l.id, n: l.name === visitorName(null, l.id, 'zh') ? '' : l.name });
