/**
 * Follow-up log of a lead: notes with a next contact day and a stage (新线索 / 跟进中 / 已成交 / 无效). Each note
 * records the stage it moved from (who and when are the note's), and the lead's current state is kept in
 * `lead_states` for the list's filters.
 */
import type { FollowUp, followUpBody, LeadStage } from '@huoke/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { leadFollowUps, leadStates, users } from '../../db/schema/index.js';
import { HttpError } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { assertVisitor } from './visitor-access.js';

export async function followUps(db: DbOrTx, ctx: Ctx, visitorId: number) {
  await assertVisitor(db, ctx, visitorId);
  const [state] = await db
    .select()
    .from(leadStates)
    .where(and(eq(leadStates.companyId, ctx.companyId), eq(leadStates.visitorId, visitorId)));
  const rows = await db
    .select({ f: leadFollowUps, userName: users.name })
    .from(leadFollowUps)
    .leftJoin(users, eq(users.id, leadFollowUps.userId))
    .where(and(eq(leadFollowUps.companyId, ctx.companyId), eq(leadFollowUps.visitorId, visitorId)))
    .orderBy(desc(leadFollowUps.createdAt), desc(leadFollowUps.id))
    .limit(200);
  return {
    stage: (state?.stage as LeadStage | undefined) ?? null,
    nextContactOn: state?.nextContactOn ?? null,
    data: rows.map((r) => toFollowUp(r.f, r.userName ?? '')),
  };
}

function toFollowUp(f: typeof leadFollowUps.$inferSelect, userName: string): FollowUp {
  return {
    id: f.id,
    visitorId: f.visitorId,
    userId: f.userId,
    userName,
    text: f.text,
    stage: f.stage as LeadStage,
    fromStage: (f.fromStage as LeadStage | null) ?? null,
    nextContactOn: f.nextContactOn,
    createdAt: f.createdAt.toISOString(),
  };
}

export async function addFollowUp(db: DbOrTx, ctx: Ctx, body: z.output<typeof followUpBody>): Promise<FollowUp> {
  await assertVisitor(db, ctx, body.visitorId);
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(leadStates)
      .where(and(eq(leadStates.companyId, ctx.companyId), eq(leadStates.visitorId, body.visitorId)))
      .for('update');
    const before = (state?.stage as LeadStage | undefined) ?? 'new';
    if (!body.text && body.stage === before && body.nextContactOn === (state?.nextContactOn ?? null))
      throw new HttpError(
        400,
        'Bad Request',
        '请填写跟进内容，或修改阶段、下次联系日期',
        'text',
        undefined,
        'Write a note, or change the stage or the next contact day',
      );
    const now = new Date();
    const [f] = await tx
      .insert(leadFollowUps)
      .values({
        companyId: ctx.companyId,
        visitorId: body.visitorId,
        userId: ctx.userId,
        text: body.text,
        stage: body.stage,
        fromStage: before !== body.stage ? before : null,
        nextContactOn: body.nextContactOn,
        createdAt: now,
      })
      .returning();
    await tx
      .insert(leadStates)
      .values({
        companyId: ctx.companyId,
        visitorId: body.visitorId,
        stage: body.stage,
        nextContactOn: body.nextContactOn,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [leadStates.companyId, leadStates.visitorId],
        set: { stage: body.stage, nextContactOn: body.nextContactOn, updatedAt: now },
      });
    return toFollowUp(f, ctx.name);
  });
}
