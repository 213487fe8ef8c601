/**
 * Invalid and boundary requests generated from an OpenAPI operation's schemas (used by fuzz.test.ts).
 * Deterministic: every choice comes from a seeded generator, so a failing case is found again by its name.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
}
export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One request to send: the case's name says what is wrong with it. */
export interface Case {
  name: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LONG = 'x'.repeat(20_000);
/** A JSON text nested `n` deep, built without recursion. */
export const deepJson = (n: number) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;
const DEEP_ARRAY = '['.repeat(100_000) + ']'.repeat(100_000);
const DEEP_OBJECT = deepJson(100_000);
/** Over the default body limit (1024 KB). */
const TOO_LARGE = `{"a":"${'x'.repeat(1_100_000)}"}`;

/** Values that must be refused (or handled) wherever a number is taken. */
const BAD_NUMBERS: unknown[] = [2 ** 31, 2 ** 31 - 1, -1, 0, 1.5, '1e309', 'NaN', '2147483648', 1e20, -(2 ** 31) - 1];
/** Values that must be refused (or stored harmlessly) wherever a string is taken. */
const BAD_STRINGS: unknown[] = [
  LONG,
  'a\u0000b',
  '\uD800',
  '../../../etc/passwd',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  '\u202e\uFEFF',
  '',
  '   ',
];
/** Wrong kinds of value for any field. */
const WRONG_KINDS: unknown[] = [null, true, [1, 2], { a: 1 }, 'abc', 1e19];

/** A value that should pass the schema (best effort: enough to reach past the first checks). */
export function sample(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 6) return 1;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.oneOf ?? s.anyOf;
  if (alt?.length) return sample(alt.find((x) => x.type !== 'null') ?? alt[0], depth + 1);
  if (s.allOf?.length) return sample(s.allOf[0], depth + 1);
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : min);
    }
    case 'string':
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, depth + 1)) : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    default:
      return 'a';
  }
}

function kind(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  const alt = s.oneOf ?? s.anyOf;
  if (alt?.length) return kind(alt.find((x) => x.type !== 'null') ?? alt[0]);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return t ?? (s.enum ? typeof s.enum[0] : 'any');
}

function badValuesFor(s: JsonSchema | undefined): unknown[] {
  const k = kind(s);
  if (k === 'integer' || k === 'number') return [...BAD_NUMBERS, ...WRONG_KINDS];
  if (k === 'string') return [...BAD_STRINGS, ...WRONG_KINDS];
  if (k === 'array') return [[null], Array.from({ length: 5000 }, (_, i) => i), 'abc', 2 ** 31, [[[[1]]]], { a: 1 }];
  return [2 ** 31, '2147483648', -1, ...WRONG_KINDS, LONG];
}

const text = (v: unknown) => (typeof v === 'string' ? v : String(JSON.stringify(v)));
const short = (v: unknown) => text(v).slice(0, 40);

/** Path and query strings: every parameter once with each hostile text, the others at their sample. */
function paramCases(path: string, params: Param[]): Case[] {
  // A lone surrogate has no UTF-8 form: it goes as the bytes a careless encoder would send.
  const encode = (v: string) => {
    try {
      return globalThis.encodeURIComponent(v);
    } catch {
      return '%ED%A0%80';
    }
  };
  const url = (values: Record<string, string | string[]>) => {
    const p = path.replace(/\{(\w+)\}/g, (_, n: string) => encode(String(values[n] ?? 'x')) || 'x');
    const q = params
      .filter((x) => x.in === 'query' && values[x.name] !== undefined)
      .flatMap((x) => [values[x.name]].flat().map((v) => `${x.name}=${encode(v)}`));
    return q.length ? `${p}?${q.join('&')}` : p;
  };
  const base: Record<string, string> = {};
  for (const p of params) if (p.in === 'path' || p.in === 'query') base[p.name] = text(sample(p.schema));
  const cases: Case[] = [{ name: 'sample params', url: url(base) }];
  const hostile = [
    '2147483648',
    '2147483647',
    '-1',
    '0',
    '1e309',
    'NaN',
    '１',
    '0x10',
    '1.5',
    ' 1',
    'a\u0000',
    'x'.repeat(900),
    '../..%2fetc',
    '\uD800',
  ];
  for (const p of params.filter((x) => x.in === 'path' || x.in === 'query')) {
    for (const h of hostile) cases.push({ name: `${p.in} ${p.name}=${short(h)}`, url: url({ ...base, [p.name]: h }) });
    if (p.in === 'query') cases.push({ name: `query ${p.name} twice`, url: url({ ...base, [p.name]: ['1', '2'] }) });
  }
  // Invalid UTF-8 percent-escapes, in the path and in the query.
  cases.push({ name: 'invalid utf-8 escape', url: `${url(base)}${url(base).includes('?') ? '&' : '?'}z=%ff%fe%00` });
  if (path.includes('{')) cases.push({ name: 'invalid utf-8 path', url: path.replace(/\{\w+\}/g, '%ff%c0') });
  return cases;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** JSON bodies: each field with each bad value, whole-body mistakes, deep nesting, bad bytes. */
function jsonBodyCases(url: string, schema: JsonSchema | undefined, rnd: () => number, perField: number): Case[] {
  const base = (sample(schema) ?? {}) as Record<string, unknown>;
  const cases: Case[] = [];
  const json = (name: string, body: unknown) =>
    cases.push({ name, url, headers: JSON_HEADERS, payload: JSON.stringify(body) });
  const raw = (name: string, payload: string | Buffer, headers = JSON_HEADERS) =>
    cases.push({ name, url, headers, payload });

  json('sample body', base);
  json('empty object', {});
  json('extra fields', { ...(typeof base === 'object' ? base : {}), zzExtra: LONG, constructor: { prototype: 1 } });
  raw('__proto__ key', '{"__proto__":{"polluted":1},"id":1}');
  json('array body', [base]);
  json('null body', null);
  json('string body', 'abc');
  raw('invalid json', '{"a":');
  raw('empty body', '');
  raw('1e309 literal', JSON.stringify(base).replace(/^\{/, '{"id":1e309,"typeId":1e309,'));
  raw(
    'invalid utf-8 bytes',
    Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
  );
  raw('deep object 100000', DEEP_OBJECT);
  raw('deep array 100000', DEEP_ARRAY);
  raw('deep object 65', deepJson(65));
  raw('wrong content type', JSON.stringify(base), { 'content-type': 'text/plain' });
  raw('too large', TOO_LARGE);

  const props = schema?.properties ?? {};
  for (const [k, s] of Object.entries(props)) {
    const bad = badValuesFor(s);
    // Every field gets its most telling values first, then a seeded pick of the rest.
    const head = bad.slice(0, 3);
    const rest = bad.slice(3).sort(() => rnd() - 0.5);
    for (const v of [...head, ...rest].slice(0, perField)) json(`${k}=${short(v)}`, { ...base, [k]: v });
    json(`${k} missing`, Object.fromEntries(Object.entries(base).filter(([x]) => x !== k)));
    json(`${k} nested deep`, { ...base, [k]: JSON.parse(deepJson(30)) });
    // One level down: the fields of a nested object (daily-share description, card settings, blocks).
    const inner = kind(s) === 'array' ? s.items : s;
    const innerProps = (inner?.oneOf ?? inner?.anyOf ?? [inner]).find((x) => x?.properties)?.properties;
    if (innerProps && typeof base[k] === 'object') {
      const innerBase = (Array.isArray(base[k]) ? sample(inner) : base[k]) as Record<string, unknown>;
      for (const [ik, is] of Object.entries(innerProps)) {
        for (const v of badValuesFor(is).slice(0, 3)) {
          const value = { ...innerBase, [ik]: v };
          json(`${k}.${ik}=${short(v)}`, { ...base, [k]: kind(s) === 'array' ? [value] : value });
        }
      }
    }
  }
  return cases;
}

/** A multipart body built by hand, so that it can be broken on purpose. */
export function multipartBody(
  boundary: string,
  parts: { name: string; filename?: string; type?: string; content: string | Buffer }[],
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(p.content), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Multipart bodies: empty, no boundary, truncated, wrong fields, too many and too large files, bad field values. */
function multipartCases(url: string, schema: JsonSchema | undefined): Case[] {
  const b = 'fuzzb0undary';
  const mp = { 'content-type': `multipart/form-data; boundary=${b}` };
  const fileField =
    Object.entries(schema?.properties ?? {}).find(([, s]) => (s as { format?: string }).format === 'binary')?.[0] ??
    'file';
  const file = { name: fileField, filename: 'a.png', type: 'image/png', content: PNG };
  const cases: Case[] = [
    { name: 'multipart empty body', url, headers: mp, payload: '' },
    { name: 'multipart no boundary', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'abc' },
    { name: 'multipart boundary only', url, headers: mp, payload: `--${b}--\r\n` },
    { name: 'multipart garbage', url, headers: mp, payload: 'not a multipart body at all' },
    { name: 'multipart truncated', url, headers: mp, payload: multipartBody(b, [file], false).subarray(0, 90) },
    { name: 'multipart unclosed', url, headers: mp, payload: multipartBody(b, [file], false) },
    { name: 'multipart bad header', url, headers: mp, payload: `--${b}\r\nnonsense\r\n\r\nx\r\n--${b}--\r\n` },
    {
      name: 'multipart wrong field names',
      url,
      headers: mp,
      payload: multipartBody(b, [{ name: 'zz', content: 'x' }]),
    },
    {
      name: 'multipart too many files',
      url,
      headers: mp,
      payload: multipartBody(
        b,
        Array.from({ length: 12 }, () => file),
      ),
    },
    {
      name: 'multipart too large file',
      url,
      headers: mp,
      payload: multipartBody(b, [
        { ...file, filename: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(1_200_000, 7) },
      ]),
    },
    {
      name: 'multipart NUL in names',
      url,
      headers: mp,
      payload: multipartBody(b, [
        { name: 'FileName', content: 'a\u0000b' },
        { ...file, filename: 'a\u0000b.png' },
      ]),
    },
    {
      name: 'multipart invalid utf-8 filename',
      url,
      headers: mp,
      payload: multipartBody(b, [
        { ...file, filename: '\udcff.png' },
        { name: 'FileName', content: Buffer.from([0xff, 0xfe]) },
      ]),
    },
    { name: 'multipart as json', url, headers: JSON_HEADERS, payload: '{"Files":1}' },
  ];
  for (const [k, s] of Object.entries(schema?.properties ?? {})) {
    if (k === fileField) continue;
    for (const v of badValuesFor(s).slice(0, 6))
      cases.push({
        name: `multipart ${k}=${short(v)}`,
        url,
        headers: mp,
        payload: multipartBody(b, [{ name: k, content: text(v) }, file]),
      });
  }
  return cases;
}

/** Every case of one operation, at most `cap` (the first ones always; a seeded pick of the rest). */
export function casesFor(method: string, path: string, op: Operation, seed: number, cap: number): Case[] {
  const rnd = seeded(seed);
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const pc = paramCases(path, params);
  const sampleUrl = pc[0].url;
  const content = op.requestBody?.content ?? {};
  let bodyCases: Case[] = [];
  if (content['multipart/form-data']) bodyCases = multipartCases(sampleUrl, content['multipart/form-data'].schema);
  else if (method !== 'get') bodyCases = jsonBodyCases(sampleUrl, content['application/json']?.schema, rnd, 6);
  const all = [...pc, ...bodyCases];
  if (all.length <= cap) return all;
  // Keep the whole-request cases (the first of each group), pick the rest with the seed.
  const fixed = [...pc.slice(0, 4), ...bodyCases.slice(0, 20)];
  const rest = all.filter((c) => !fixed.includes(c)).sort(() => rnd() - 0.5);
  return [...fixed, ...rest.slice(0, Math.max(0, cap - fixed.length))];
}
