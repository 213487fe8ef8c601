import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from './answer-serializer.js';

const answer = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()).optional() });
const serialize = answerSerializer({ schema: answer, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('answer serializer', () => {
  it('writes the answer as its schema has it: a key the schema does not name is dropped', () => {
    const row = { id: 1, name: '王五', passwordHash: 'secret', tags: ['a'] };
    expect(JSON.parse(serialize(row))).toEqual({ id: 1, name: '王五', tags: ['a'] });
  });

  it('refuses an answer of the wrong shape (the route answers 500, nothing of it is sent)', () => {
    expect(() => serialize({ id: 'one', name: '王五' })).toThrow(/Response doesn't match the schema/);
  });
});
