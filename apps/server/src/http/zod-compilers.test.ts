import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { serializerCompiler, validatorCompiler } from './zod-compilers';

/** A schema whose runtime parser counts its runs: the compiled parser runs it only for bad input. */
function counted<T extends $ZodType>(schema: T): { schema: T; runs: () => number } {
  let runs = 0;
  const run = schema._zod.run;
  schema._zod.run = (payload, ctx) => {
    runs++;
    return run(payload, ctx);
  };
  return { schema, runs: () => runs };
}

const answer = () =>
  z.object({ id: z.int(), name: z.string(), teams: z.array(z.object({ score: z.int() })) });

describe('the answers serializer', () => {
  it('writes the answer as its schema keeps it, without the keys the schema does not name', () => {
    const write = serializerCompiler({ schema: answer(), method: 'GET', url: '/api/thing' });
    expect(write({ id: 3, name: 'Ana', teams: [{ score: 1, secret: 'x' }], passwordHash: 'x' })).toBe(
      '{"id":3,"name":"Ana","teams":[{"score":1}]}',
    );
  });

  it('refuses an answer that breaks its schema with the error the error handler turns into a 500', () => {
    const write = serializerCompiler({ schema: answer(), method: 'GET', url: '/api/thing' });
    let thrown: unknown;
    try {
      write({ id: 'tres', name: 'Ana', teams: [] });
    } catch (err) {
      thrown = err;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
    expect(
      (thrown as { url: string; cause: { issues: { path: unknown[] }[] } }).cause.issues[0]?.path,
    ).toEqual(['id']);
  });

  it("takes zod's compiled parser for a good answer, and its runtime parser only for a bad one", () => {
    const { schema, runs } = counted(answer());
    const write = serializerCompiler({ schema, method: 'GET', url: '/api/thing' });
    for (let i = 0; i < 3; i++) write({ id: i, name: 'Ana', teams: [{ score: 2 }] });
    expect(runs()).toBe(0);
    expect(() => write({ id: 1, name: 2, teams: [] })).toThrow();
    expect(runs()).toBe(1);
  });
});

describe('the requests validator', () => {
  const body = () => z.strictObject({ name: z.string().check(z.trim(), z.minLength(1, 'Falta el nombre')) });

  it('answers the parsed value, and the issues in the shape the error handler reads', () => {
    const check = validatorCompiler({ schema: body(), method: 'POST', url: '/api/thing', httpPart: 'body' });
    expect(check({ name: '  Ana ' })).toEqual({ value: { name: 'Ana' } });
    const refused = check({ name: ' ' }) as { error: { message: string; instancePath: string }[] };
    expect(refused.error[0]).toMatchObject({ message: 'Falta el nombre', instancePath: '/name' });
  });

  it("takes zod's compiled parser for a good request, and its runtime parser only for a bad one", () => {
    const { schema, runs } = counted(body());
    const check = validatorCompiler({ schema, method: 'POST', url: '/api/thing', httpPart: 'body' });
    for (let i = 0; i < 3; i++) check({ name: `Ana ${i}` });
    expect(runs()).toBe(0);
    check({ name: '' });
    expect(runs()).toBe(1);
  });
});
