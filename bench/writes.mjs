// 2. Writes: login (argon2 dominates, reported on its own), article AddNew, lead update, mark message read.
import { measureBaseline } from './lib/baseline.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import * as setup from './lib/setup.mjs';

let n = 0;
/** A different forwarded address per request, as real logins come from many places (throttling is per address). */
const fromSomewhere = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`;

export async function run() {
  const rows = [];
  const baseline = await measureBaseline(rows);
  for (const [label, db] of setup.targets()) {
    const data = await setup.prepare(label, db);
    const server = await startHuoke({ db: data.target, dataDir: data.dataDir });
    try {
      const token = await setup.login(server.url);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const visitors = await setup.call(server.url, token, 'POST', '/api/cus/UserBehavior/GetVisitorPageData', {
        pageIndex: 1,
        pageSize: 10,
      });
      const visitor = visitors.body?.data?.[0];
      const messages = await setup.call(server.url, token, 'POST', '/api/maint/message/GetMessagePage', {
        pageSize: 10,
        pageIndex: 1,
        messageClassId: 10300,
      });
      const messageId = messages.body?.data?.[0]?.id;
      const writes = [
        [
          'login (argon2id)',
          'POST',
          '/api/usr/session',
          () => ({
            headers: { 'content-type': 'application/json', 'x-forwarded-for': fromSomewhere() },
            body: JSON.stringify({ account: 'admin', password: 'huoke_2026' }),
          }),
          false,
        ],
        [
          'article AddNew',
          'POST',
          '/api/caspush/articlemanager/AddNew',
          () => ({
            body: JSON.stringify({
              title: `压测文章 ${n++}`,
              content: '<p>压测内容：第一步明确目标客户，第二步持续输出内容。</p>',
              articleFrom: '压测',
            }),
          }),
          true,
        ],
        [
          'lead update',
          'POST',
          '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
          () => ({
            body: JSON.stringify({
              id: visitor?.id,
              weChatUserInfoId: visitor?.weChatUserInfoId ?? visitor?.id,
              nickname: `压测客户${n++ % 100}`,
              phone: '13900000000',
              tel: '',
              company: '压测公司',
              position: '经理',
            }),
          }),
          true,
        ],
        ['mark message read', 'PUT', `/api/maint/message/IsRead/${messageId}`, () => ({ body: '{}' }), true],
      ];
      for (const [name, method, path, vary, authed] of writes) {
        const sample = vary();
        const probe = await fetch(server.url + path, {
          method,
          headers: { ...(authed ? headers : {}), ...sample.headers },
          body: sample.body,
        });
        if (!probe.ok) {
          rows.push(setup.skippedRow(label, name, `answers ${probe.status}`));
          continue;
        }
        for (const connections of setup.CONNECTIONS) {
          const r = await load({
            url: server.url + path,
            method,
            headers: authed ? headers : { 'content-type': 'application/json' },
            requests: [
              {
                method,
                setupRequest: (req) => {
                  const v = vary();
                  return { ...req, ...(v.body ? { body: v.body } : {}), headers: { ...req.headers, ...v.headers } };
                },
              },
            ],
            connections,
            duration: setup.DURATION,
            warmup: setup.WARMUP,
          });
          rows.push({ db: label, call: name, ...r, ratio: setup.ratio(r.reqPerSec, baseline[connections]) });
        }
      }
    } finally {
      await server.stop();
    }
  }
  await report(
    `writes-${setup.RUN}`,
    { machine: setup.machine(), duration: `${setup.DURATION}s after ${setup.WARMUP}s warm-up`, scale: setup.SCALE },
    rows,
  );
}
