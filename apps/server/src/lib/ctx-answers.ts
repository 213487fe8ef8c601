/**
 * Answers made of a session's Ctx alone, kept as UTF-8 JSON per Ctx object. A cached session keeps its Ctx object;
 * any change (role, package, name…) reloads the session as a new Ctx (SessionStore), so an answer kept here never
 * outlives what it was made of, and a dropped Ctx lets its answer go (WeakMap). One per answer kind, per app.
 */
import type { Ctx } from './tenancy.js';

export class CtxAnswers {
  private readonly byCtx = new WeakMap<Ctx, Buffer>();

  of(ctx: Ctx, build: (ctx: Ctx) => Buffer | string): Buffer {
    let answer = this.byCtx.get(ctx);
    if (answer === undefined) {
      const built = build(ctx);
      answer = typeof built === 'string' ? Buffer.from(built) : built;
      this.byCtx.set(ctx, answer);
    }
    return answer;
  }
}
