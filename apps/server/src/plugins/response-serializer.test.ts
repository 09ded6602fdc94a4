import fastJson from "fast-json-stringify";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { createTestApp } from "../test/app.ts";
import { ResponseContractError, responseJsonSchema, responseSerializer } from "./response-serializer.ts";

const compile = (schema: z.ZodType, check: boolean) =>
  responseSerializer({ check })({ schema, method: "GET", url: "/api/example", httpStatus: "200" });

const Card = z.object({ id: z.string(), photoUrl: z.string().nullable(), note: z.string().optional() });
const Shapes = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("place"), name: z.string() }),
  z.object({ kind: z.literal("area"), radius: z.number() }),
]);

describe("responses written by fast-json-stringify from the zod schema (decision 030)", () => {
  test.each([
    ["an object, its undeclared fields dropped", Card, { id: "a", photoUrl: null, secret: "hash" }],
    [
      "nested in an array",
      z.object({ items: z.array(Card) }),
      { items: [{ id: "a", photoUrl: "/p", passwordHash: "x" }] },
    ],
    ["a union's branch, undeclared fields dropped", Shapes, { kind: "area", radius: 2, name: "kept out" }],
    [
      "a first matching branch, as zod takes it",
      z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]),
      { a: "x", b: 1 },
    ],
    ["a date as ISO text", z.object({ at: z.date() }), { at: new Date(Date.UTC(2026, 10, 25, 4, 50)) }],
    ["a record", z.record(z.string(), z.number()), { fr: 2, en: 5 }],
    ["text that needs escaping", z.object({ s: z.string() }), { s: 'quote " backslash \\ line\n</script> é 🏠' }],
  ])("%s, as zod writes it", (_name, schema, data) => {
    const written = compile(schema, false)(data);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(schema, data as never))));
    expect(written).not.toMatch(/secret|hash|passwordHash|kept out/);
  });

  test("with the check, a response its schema refuses fails rather than being coerced", () => {
    const schema = z.object({ count: z.number() });
    expect(compile(schema, false)({ count: "3" })).toBe('{"count":3}');
    expect(() => compile(schema, true)({ count: "3" })).toThrow(/doesn't match the schema/);
  });

  test("with the check, a schema fast-json-stringify would write differently is caught", () => {
    // A codec writes its own text; its JSON Schema only says "a date". No response schema uses one today.
    const Day = z.codec(z.iso.date(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString().slice(0, 10),
    });
    const data = { day: new Date(Date.UTC(2026, 10, 25)) };
    expect(() => compile(z.object({ day: Day }), true)(data)).toThrow(ResponseContractError);
  });
});

test("every route's response schemas convert and compile, including responses no other test receives", async () => {
  const t = await createTestApp();
  try {
    const compiled: string[] = [];
    for (const route of t.routes) {
      for (const [status, schema] of Object.entries((route.schema?.response ?? {}) as Record<string, unknown>)) {
        if (!(schema instanceof z.ZodType)) continue;
        const name = `${route.method} ${route.url} ${status}`;
        expect(() => fastJson(responseJsonSchema(schema)), name).not.toThrow();
        compiled.push(name);
      }
    }
    expect(compiled.length).toBeGreaterThan(100);
  } finally {
    await t.close();
  }
});
