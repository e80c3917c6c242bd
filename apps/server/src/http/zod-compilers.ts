import type { FastifyServerOptions } from 'fastify';
import { ResponseSerializationError, validatorCompiler as checkWith } from 'fastify-type-provider-zod';
import { compile, safeParse, type $ZodType } from 'zod/v4/core';

interface RouteSchema {
  schema: $ZodType;
  method: string;
  url: string;
  httpPart?: string;
}

/**
 * A route's schema as zod's compiled parser (`compile`: code generated for the whole schema, the
 * runtime parser kept for invalid input, so errors read the same), built on the route's first use
 * rather than at start. The shared schemas are zod/mini, whose objects have no compiled parser of
 * their own (decision 036).
 */
function compiledOnUse(schema: $ZodType): () => $ZodType {
  let compiled: $ZodType | undefined;
  return () => (compiled ??= compile(schema));
}

/** A request's part checked as fastify-type-provider-zod checks it, with the compiled parser. */
export function validatorCompiler(route: RouteSchema) {
  const schema = compiledOnUse(route.schema);
  let validate: ((data: unknown) => unknown) | undefined;
  return (data: unknown) => (validate ??= checkWith({ ...route, schema: schema() } as never))(data);
}

/**
 * An answer checked and stripped by its route's response schema as fastify-type-provider-zod
 * does, but parsed forward rather than encoded: zod runs an encode on its runtime parser only,
 * and the response schemas hold no codec or transform, where the two differ.
 */
export function serializerCompiler(route: RouteSchema) {
  const schema = compiledOnUse(route.schema);
  return (data: unknown): string => {
    const result = safeParse(schema(), data);
    if (!result.success)
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
/**
 * The zod compilers as Fastify's compiler factories, as `setValidatorCompiler` and
 * `setSerializerCompiler` install them: Fastify's types name ajv's and fast-json-stringify's
 * signatures for these, but it calls them with a route's schema as it calls the zod ones.
 */
export const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;
