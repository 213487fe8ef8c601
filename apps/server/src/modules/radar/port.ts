/** The radar and chains ports (ports/index.ts) of one app: app.ts builds them with the app's ingest and seal. */
import type { FastifyInstance } from 'fastify';
import type { ChainsPort, RadarPort } from '../../ports/index.js';
import { forwardedView, forwardToken, openedShare } from './chains/record.js';
import type { ForwardSeal } from './chains/token.js';
import type { Ingest } from './ingest.js';
import { wechatVisitor } from './merge/unionid.js';
import { consult, leaveMessage } from './share-forms.js';

export function radarPort(app: FastifyInstance, ingest: Ingest): RadarPort {
  const record = (e: Parameters<Ingest['record']>[0]) => ingest.record(e);
  const accepted = new Set<Promise<void>>();
  return {
    record,
    backlog: () => ingest.backlog,
    oldestWaitMs: () => ingest.oldestWaitMs,
    accept(task) {
      const settled = task.catch(() => {}).finally(() => accepted.delete(settled));
      accepted.add(settled);
    },
    async drain() {
      while (accepted.size) await Promise.all([...accepted]);
      await ingest.drain();
    },
    // A visitor's form changes the company's leads, visitors and messages: cached answers of it are stale.
    consult: (form) =>
      consult(app, form, record).finally(() => app.companyVersions.bump(form.share.companyId, 'events')),
    leaveMessage: (form) =>
      leaveMessage(app, form, record).finally(() => app.companyVersions.bump(form.share.companyId, 'events')),
    wechatUser: (share, key, unionid) => wechatVisitor(app, share, key, unionid),
  };
}

export function chainsPort(app: FastifyInstance, seal: ForwardSeal): ChainsPort {
  return {
    token: (share, visitorKey) => forwardToken(seal, share, visitorKey),
    opened: (share, visitorKey) => openedShare(app.db, share, visitorKey),
    view: (event, token, record) => forwardedView(app.db, seal, record, event, token),
  };
}
