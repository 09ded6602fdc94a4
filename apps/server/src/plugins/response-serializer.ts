import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

// Every JSON response is written by fast-json-stringify, compiled from its route's zod response schema
// (decision 030). Like zod's serializer before it, it writes only the fields the schema declares, so nothing
// a row carries beyond the schema leaves the server; unlike zod it neither copies the value nor runs each
// string's checks, which was a third of what a property list allocated and ~8 % of its CPU
// (docs/architecture.md §9). With `check` (NODE_ENV=test), each response is also encoded by zod as before and
// the two must agree, so every API and browser test proves the conversion for each response it receives.

type Schema = z.ZodType;
type Route = { schema: Schema; method: string; url: string; httpStatus?: string };

/** A response its zod schema refuses, or that fast-json-stringify wrote differently (only with `check`). */
export class ResponseContractError extends Error {
  constructor(route: Route, detail: string, options?: ErrorOptions) {
    super(`Response of ${route.method} ${route.url} (${route.httpStatus ?? "?"}): ${detail}`, options);
    this.name = "ResponseContractError";
  }
}

/** The JSON Schema fast-json-stringify compiles: draft-07, the schema's output side, dates as ISO text. */
export function responseJsonSchema(schema: Schema): object {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    io: "output",
    // Whatever JSON Schema cannot describe (a date, a custom check) is written by JSON.stringify.
    unrepresentable: "any",
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === "date")
        Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      // zod strips undeclared fields and takes a union's first branch that fits; fast-json-stringify writes only
      // declared fields anyway, but picks a union's branch by validating the whole value, which an undeclared
      // field would fail under `additionalProperties: false`.
      if (ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
    },
  });
}

export function responseSerializer({ check }: { check: boolean }): FastifySerializerCompiler<Schema> {
  const zodCompiler = zodSerializerCompiler as unknown as FastifySerializerCompiler<Schema>;
  return (route) => {
    const viaZod = zodCompiler(route);
    let compiled: ((data: unknown) => string) | null = null;
    // Compiled on a route's first response, not at start: most routes are rarely called.
    const stringify = (data: unknown) => (compiled ??= fastJson(responseJsonSchema(route.schema)))(data);
    if (!check) return stringify;
    return (data) => {
      const expected = viaZod(data);
      let written: string;
      try {
        written = stringify(data);
      } catch (error) {
        throw new ResponseContractError(route, "fast-json-stringify refused what zod accepted", { cause: error });
      }
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new ResponseContractError(route, `fast-json-stringify wrote ${written}, zod ${expected}`);
      }
      return written;
    };
  };
}
