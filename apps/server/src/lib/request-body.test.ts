import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { bodyDigest, invalidInputProblem, jsonTooDeep, multipartProblem } from './request-body.js';

const nest = (n: number) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;

describe('jsonTooDeep: nesting counted in one pass', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonTooDeep('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonTooDeep('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonTooDeep(`{"s":"${'['.repeat(500)}\\"{{"}`, 2)).toBe(false);
    expect(jsonTooDeep(nest(32), 64)).toBe(false);
    expect(jsonTooDeep(nest(33), 64)).toBe(true);
  });

  it('answers for a body nested 1,000,000 deep without overflowing its own stack', () => {
    expect(jsonTooDeep('['.repeat(1_000_000) + ']'.repeat(1_000_000))).toBe(true);
  });
});

describe('bodyDigest', () => {
  it('depends on the raw bytes only', () => {
    expect(bodyDigest('{"a":1}')).toBe(bodyDigest('{"a":1}'));
    expect(bodyDigest('{"a":1}')).not.toBe(bodyDigest('{"a":2}'));
  });
});

describe('multipartProblem and invalidInputProblem', () => {
  it('maps the multipart parser failures to 400/413/415 with a Chinese detail', () => {
    expect(multipartProblem(new Error('Multipart: Boundary not found'))?.status).toBe(400);
    expect(multipartProblem(new Error('Unexpected end of multipart data'))?.detail).toMatch(/上传内容不完整/);
    expect(multipartProblem(Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT' }))?.status).toBe(
      413,
    );
    expect(
      multipartProblem(Object.assign(new Error('x'), { code: 'FST_INVALID_MULTIPART_CONTENT_TYPE' }))?.status,
    ).toBe(415);
    expect(multipartProblem(new Error('something else broke'))).toBeUndefined();
    expect(multipartProblem(new HttpError(400, 'Bad Request', 'x'))).toBeUndefined();
  });

  it('answers 400 for PostgreSQL data exceptions (class 22), wrapped or not, and nothing for others', () => {
    expect(invalidInputProblem(Object.assign(new Error('integer out of range'), { code: '22003' }))?.status).toBe(400);
    const wrapped = new Error('Failed query', { cause: Object.assign(new Error('invalid input'), { code: '22P02' }) });
    expect(invalidInputProblem(wrapped)?.status).toBe(400);
    expect(invalidInputProblem(Object.assign(new Error('unique'), { code: '23505' }))).toBeUndefined();
    expect(invalidInputProblem(new Error('plain'))).toBeUndefined();
  });
});
