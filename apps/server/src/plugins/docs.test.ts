import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let doc: Doc;
const { t } = await appForFile([]);

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});

describe('the served OpenAPI document', () => {
  it('is valid OpenAPI (checked by @apidevtools/swagger-parser, every $ref resolves)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('names the recursive answers as components', () => {
    for (const name of ['RegionNode', 'DeptTreeNode', 'MenuRoute', 'Problem'])
      expect(Object.keys(doc.components.schemas)).toContain(name);
    const items = (path: string) =>
      JSON.stringify(doc.paths[path].get.responses['200'].content?.['application/json']).match(
        /"\$ref":"([^"]+)"/,
      )?.[1];
    expect(items('/api/maint/region/DropDownList')).toBe('#/components/schemas/RegionNode');
    expect(items('/api/crm/userinfo/GetDeptUserTreeListAsync')).toBe('#/components/schemas/DeptTreeNode');
    expect(items('/api/usr/menus/routers')).toBe('#/components/schemas/MenuRoute');
  });

  it('lists the error answers every route can give', () => {
    const routes = t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.schema && !r.schema.hide,
    );
    expect(routes.length).toBeGreaterThan(150);
    const lacking: string[] = [];
    for (const r of routes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      const want: string[] = [];
      if (!r.public) want.push('401', '410');
      if (r.gated) want.push('403');
      const s = r.schema as Record<string, unknown>;
      if (s.body || s.querystring || s.params || s.multipartFields) want.push('400');
      if (r.url.includes(':')) want.push('404');
      for (const status of want) {
        const answer = op?.responses[status];
        if (!answer?.content?.['application/problem+json']) lacking.push(`${r.method} ${r.url} ${status}`);
      }
    }
    expect(lacking).toEqual([]);
  });

  it('a route taking another company’s id documents 404 (the id may be in the body or query)', () => {
    const op = (path: string, method: string) => doc.paths[path][method].responses;
    expect(op('/api/caspush/poster/detail', 'get')['404']).toBeDefined();
    expect(op('/api/cus/leads/Score', 'get')['404']).toBeDefined();
  });

  // The page is 数据视图 in the console; the data view's routes were still documented as 数据看板.
  it('names the data view 数据视图 in the summaries, as the console does', () => {
    const summaries = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => [`${method} ${path}`, (op as { summary?: string }).summary ?? '']),
    );
    const named = summaries.filter(([, s]) => s.includes('数据视图'));
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(summaries.filter(([, s]) => s.includes('数据看板'))).toEqual([]);
  });
});
