import { ID_MAX } from '@huoke/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app.js';
import { type Case, casesFor, type JsonSchema, type Operation } from './fuzz-cases.js';

/**
 * Schema-driven fuzzing of every operation of the served OpenAPI document: invalid and boundary inputs
 * generated from each operation's parameters and body schema (JSON or multipart), sent with an
 * administrator's session and anonymously. Bad input answers 4xx, never 5xx, and the server stays ready.
 * A new call is covered as soon as it is documented.
 */

const SEED = 18_2026;
/** Cases per operation and session (bounds the run time; the seed picks the same ones every run). */
const CAP = 40;
/** Cases per operation sent without a session (the first ones: whole-request mistakes). */
const ANON_CAP = 12;
/** Calls that hash a password (argon2) or end the session (a new login each time) are slow by design. */
const SLOW_CAP: Record<string, number> = { 'post /api/usr/session': 16, 'delete /api/usr/session': 6 };

/** Deliberate 5xx answers: an integration that is not configured, LibreOffice missing, ingest backpressure. */
function deliberate(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 501 && res.statusCode !== 503) return false;
  const detail = String((res.json() as { detail?: string }).detail ?? '');
  return detail.endsWith('未配置') || detail === '预览不可用' || detail === '服务繁忙，请稍后再试';
}

let t: TestApp;
let admin: string;
let ops: { method: string; path: string; op: Operation }[];
let n = 0;

beforeAll(async () => {
  // Small upload limits, so that "too large" needs only a small body.
  t = await createTestApp({ MAX_FILE_MB: '1', MAX_VIDEO_MB: '1' });
  admin = await t.login('admin');
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({ method, path, op })),
  );
});
afterAll(() => t?.close());

async function send(token: string | null, method: string, c: Case): Promise<LightMyRequestResponse> {
  n += 1;
  return t.call(token, {
    method: method.toUpperCase() as 'POST',
    url: c.url,
    headers: c.headers,
    ...(c.payload !== undefined ? { payload: c.payload } : {}),
    // Every request from its own address: login and SMS limits per address must not lock the admin out.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
}

describe('schema-driven fuzzing of every documented operation', () => {
  it('finds the operations in OpenAPI, multipart ones included', () => {
    expect(ops.length).toBeGreaterThan(150);
    const multipart = ops.filter((o) => o.op.requestBody?.content?.['multipart/form-data']).map((o) => o.path);
    expect(multipart).toEqual(
      expect.arrayContaining([
        '/api/fs/FilesOss/v2/PictureUpload',
        '/api/fs/Files/AttachmentUpload',
        '/api/fs/FilesOss/v2/VideoUpload',
        '/api/fs/Files/ChunkUpload',
      ]),
    );
  });

  it('takes every id as a positive 32-bit integer (the one id schema of contracts)', () => {
    const ID_NAME = /^(id|ids|\w*Ids?|\w*_ids?)$/;
    // Message classes (10000, 10100, 10200 of SPEC §9) are codes, not row ids.
    const CODES = new Set(['classId', 'messageClassId']);
    const wrong: string[] = [];
    const check = (where: string, name: string, s: JsonSchema | undefined) => {
      const stack: [string, string, JsonSchema | undefined][] = [[where, name, s]];
      while (stack.length) {
        const [w, n, x] = stack.pop() as [string, string, JsonSchema | undefined];
        if (!x) continue;
        for (const alt of [...(x.oneOf ?? []), ...(x.anyOf ?? []), ...(x.allOf ?? [])]) stack.push([w, n, alt]);
        if (x.items) stack.push([w, n, x.items]);
        for (const [k, v] of Object.entries(x.properties ?? {})) stack.push([`${w}.${k}`, k, v]);
        const numeric = x.type === 'integer' || x.type === 'number';
        if (numeric && ID_NAME.test(n) && !CODES.has(n) && !(x.maximum === ID_MAX && (x.minimum ?? 0) >= 1))
          wrong.push(w);
      }
    };
    for (const { method, path, op } of ops) {
      for (const p of op.parameters ?? []) check(`${method} ${path} ${p.in}:${p.name}`, p.name, p.schema);
      for (const [type, c] of Object.entries(op.requestBody?.content ?? {}))
        check(`${method} ${path} ${type}`, '', c.schema);
    }
    expect(wrong).toEqual([]);
  });

  it('answers invalid and boundary input with 4xx, never 5xx, with and without a session', async () => {
    const bad: string[] = [];
    let total = 0;
    for (const [i, { method, path, op }] of ops.entries()) {
      const cases = casesFor(method, path, op, SEED + i, SLOW_CAP[`${method} ${path}`] ?? CAP);
      for (const [j, c] of cases.entries()) {
        for (const anonymous of j < ANON_CAP ? [false, true] : [false]) {
          let res = await send(anonymous ? null : admin, method, c);
          // The case logged the admin out, switched company or changed the password: log in again and retry.
          if (!anonymous && (res.statusCode === 401 || res.statusCode === 410)) {
            admin = await t.login('admin');
            res = await send(admin, method, c);
          }
          total += 1;
          if (res.statusCode >= 500 && !deliberate(res))
            bad.push(
              `${method.toUpperCase()} ${path} [${c.name}]${anonymous ? ' anonymous' : ''} → ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(total).toBeGreaterThan(5000);
    expect(bad).toEqual([]);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  }, 300_000);
});
