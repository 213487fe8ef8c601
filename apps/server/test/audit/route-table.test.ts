import { readdirSync } from 'node:fs';
import type { ApiRoute } from '@huoke/contracts/route';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appForFile } from '../app.js';

/**
 * The console calls the API through the route objects of `packages/contracts/src/routes` (method, path, schemas).
 * Each must be a route the server declares, with the same parameter, query, body and answer schemas, so a route
 * object cannot drift from the server it calls.
 */
const dir = new URL('../../../../packages/contracts/src/routes/', import.meta.url);
const tables: [string, ApiRoute][] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
  const mod = (await import(new URL(file, dir).href)) as Record<string, unknown>;
  for (const [tableName, table] of Object.entries(mod)) {
    if (!table || typeof table !== 'object' || table instanceof z.ZodType) continue;
    for (const [name, route] of Object.entries(table as Record<string, ApiRoute>))
      if (route && typeof route === 'object' && 'method' in route && 'path' in route)
        tables.push([`${file} ${tableName}.${name}`, route]);
  }
}

const json = (s: unknown, io: 'input' | 'output') =>
  s instanceof z.ZodType ? JSON.stringify(z.toJSONSchema(s, { io, unrepresentable: 'any', cycles: 'ref' })) : s;

const { t } = await appForFile([]);

describe('route objects of the contracts', () => {
  it('there are route tables', () => {
    expect(tables.length).toBeGreaterThan(50);
  });

  it('each is a route the server declares, with the same schemas', () => {
    const wrong: string[] = [];
    for (const [name, route] of tables) {
      const server = t.app.routeList.find((r) => r.method === route.method && r.url === `/api${route.path}`);
      if (!server) {
        wrong.push(`${name}: no ${route.method} /api${route.path}`);
        continue;
      }
      const s = (server.schema ?? {}) as Record<string, unknown>;
      const pairs: [string, unknown, unknown, 'input' | 'output'][] = [
        ['params', route.params, s.params, 'input'],
        ['query', route.query, s.querystring, 'input'],
        ['body', route.body, s.body, 'input'],
        ['answer', route.answer, (s.response as Record<string, unknown> | undefined)?.[200], 'output'],
      ];
      for (const [part, mine, theirs, io] of pairs)
        if (json(mine, io) !== json(theirs, io)) wrong.push(`${name}: ${part} differs from the server's`);
    }
    expect(wrong).toEqual([]);
  });
});
