import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.ts';

const serializerFor = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as Parameters<
    typeof serializerCompiler
  >[0]);

describe('answer serializer', () => {
  const Person = z.object({
    name: z.string(),
    invitedAt: z.iso.datetime().nullable(),
    age: z.number().int().nullable(),
    nickname: z.string().nullable(),
  });

  it('writes Dates in nullable timestamps as ISO strings, and nulls as null', () => {
    const write = serializerFor(Person);
    const at = new Date('2026-11-23T10:00:00.000Z');
    expect(JSON.parse(write({ name: 'Ada', invitedAt: at, age: 36, nickname: null }))).toEqual({
      name: 'Ada',
      invitedAt: '2026-11-23T10:00:00.000Z',
      age: 36,
      nickname: null,
    });
    expect(JSON.parse(write({ name: 'Ada', invitedAt: null, age: null, nickname: 'A' }))).toEqual({
      name: 'Ada',
      invitedAt: null,
      age: null,
      nickname: 'A',
    });
  });

  it('writes only declared properties', () => {
    const write = serializerFor(Person);
    const answer = JSON.parse(
      write({ name: 'Ada', invitedAt: null, age: null, nickname: null, passwordHash: 'secret' }),
    );
    expect(answer).not.toHaveProperty('passwordHash');
  });
});
