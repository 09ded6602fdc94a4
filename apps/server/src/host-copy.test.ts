import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { apiErrorCopy } from "@doorstep/shared/copy/api-errors";
import { parseEnv } from "./env.ts";
import { featureNotes } from "./startup-notes.ts";

// Every variable the server reads: the keys of the schema in env.ts (an indented `NAME: z.` line each).
const ENV_NAMES = [
  ...new Set(
    [...readFileSync(new URL("./env.ts", import.meta.url), "utf8").matchAll(/^\s+([A-Z][A-Z0-9_]+): z\./gm)].map(
      (m) => m[1]!,
    ),
  ),
];

/** Words for operators, not hosts: hosts have no server, no administrator and no settings file. */
const OPERATOR_WORDS: RegExp[] = [
  /\bservers?\b/i,
  // "Admin" alone is a team role the host gives (decision 056), so only the operator's words are refused.
  /\b(administrators?|sysadmins?)\b/i,
  /\b(server|system|environment|config(uration)?|admin)\s+settings?\b/i,
  /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/, // an environment variable's shape (TRANSLATE_PROVIDER)
  /\b[A-Z0-9_]{3,}\s+settings?\b/, // "the … KEY setting"
  /\benvironment variables?\b/i,
  /\b(configured|configuration|configure)\b/i,
];

/** Where "server" is someone else's: the host's own calendar provider (a feed that failed to load). */
const ALLOWED = [/calendar's server/gi];

// Arguments that reach every branch of the catalogue's functions (a language, a count, a flag, params).
const SAMPLE_ARGS: unknown[][] = [
  [],
  ["French", false],
  ["French", true],
  ["French", "French", "French"],
  [2, 2, 2],
  [1, 1, 1],
  [true, true],
  [false, false],
  [{}],
];

function* strings(value: unknown, path: string, depth = 0): Generator<[string, string]> {
  if (depth > 8) return;
  if (typeof value === "string") yield [path, value];
  else if (typeof value === "function") {
    for (const args of SAMPLE_ARGS) {
      let out: unknown;
      try {
        out = (value as (...a: unknown[]) => unknown)(...args);
      } catch {
        continue;
      }
      yield* strings(out, `${path}(${args.map((a) => JSON.stringify(a)).join(", ")})`, depth + 1);
    }
  } else if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`, depth + 1);
  } else if (value && typeof value === "object")
    for (const [key, v] of Object.entries(value)) yield* strings(v, `${path}.${key}`, depth + 1);
}

/** The catalogue's strings that speak to hosts as if they ran the server: "path: text" for each. */
function operatorTalk(entries: Iterable<[string, string]>): string[] {
  const hits: string[] = [];
  for (const [path, text] of entries) {
    const checked = ALLOWED.reduce((t, allowed) => t.replace(allowed, ""), text);
    const word = OPERATOR_WORDS.find((re) => re.test(checked));
    const variable = ENV_NAMES.find((name) => new RegExp(`\\b${name}\\b`).test(checked));
    if (word || variable) hits.push(`${path}: ${text}`);
  }
  return hits;
}

describe("words for hosts: no servers, settings, administrators or environment variables in the copy", () => {
  it("reads the environment's variable names from env.ts", () => {
    expect(ENV_NAMES).toEqual(expect.arrayContaining(["TRANSLATE_PROVIDER", "PLACES_URL", "W3W_API_KEY"]));
    expect(ENV_NAMES.length).toBeGreaterThan(40);
  });

  it("finds such words where they are (the scan itself)", () => {
    const old = [
      "This server has no machine translation: your administrator can turn it on with the TRANSLATE_PROVIDER setting.",
      "Place search needs a places service, which this server does not have.",
      "what3words is not configured.",
      "Ask for W3W_API_KEY.",
      "Set PLACES_URL.",
    ];
    expect(operatorTalk(old.map((t, i): [string, string] => [`old[${i}]`, t]))).toHaveLength(old.length);
    expect(operatorTalk([["ok", "The calendar's server could not be reached. We will try again."]])).toEqual([]);
  });

  it("the whole dashboard catalogue and every API error message say what is available, not how it is set up", () => {
    const entries = [...strings(copy, "copy"), ...strings(apiErrorCopy, "apiErrors")];
    expect(entries.length).toBeGreaterThan(1000);
    expect(operatorTalk(entries)).toEqual([]);
  });

  it("the operator hints are in the server's start-up log instead", () => {
    const notes = featureNotes(parseEnv({ NODE_ENV: "test" }));
    expect(notes.join("\n")).toMatch(/TRANSLATE_PROVIDER=deepl/);
    expect(notes.join("\n")).toMatch(/PLACES_URL/);
    expect(notes.join("\n")).toMatch(/W3W_API_KEY/);
    expect(notes.join("\n")).toMatch(/TWILIO_FROM/);
    const configured = parseEnv({
      NODE_ENV: "test",
      TRANSLATE_PROVIDER: "libretranslate",
      TRANSLATE_URL: "https://translate.example.com",
      PLACES_URL: "https://maps.example.com/nominatim",
      W3W_API_KEY: "key",
      TWILIO_ACCOUNT_SID: "AC0",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15550001111",
    });
    expect(featureNotes(configured)).toEqual([]);
  });
});
