// Every table has one owner (docs/architecture.md §3): the feature, or provider, its schema file is named after
// (apps/server/src/db/schema/<owner>.ts). Only the owner's files query it, by importing the table or by naming
// it in SQL; another feature reads and writes through the owner's service. db/, migrations and tests are
// exempt. An exception names its file, its tables and its reason in the rule's `allow` option.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SCHEMA_DIR = path.join(ROOT, "apps/server/src/db/schema");
/** Schema files whose owner is not a feature of the same name. */
const OWNER_OF_FILE = { email: "providers/email", "local-gateway": "providers/payments" };
/** The schema root, which re-exports every file (a file without tables, such as columns.ts, owns nothing). */
const NOT_TABLES = new Set(["index"]);

let tables;
/** { byName: table export → { owner, sql }, bySql: SQL name → owner, files: schema base name → owner } */
export function schemaTables() {
  if (tables) return tables;
  tables = { byName: new Map(), bySql: new Map(), files: new Map() };
  for (const entry of fs.readdirSync(SCHEMA_DIR)) {
    const base = entry.replace(/\.ts$/, "");
    if (!entry.endsWith(".ts") || NOT_TABLES.has(base)) continue;
    const owner = OWNER_OF_FILE[base] ?? `features/${base}`;
    const source = fs.readFileSync(path.join(SCHEMA_DIR, entry), "utf8");
    // pgTable("name", …) or a helper that makes one, such as translationCacheTable("name", …).
    for (const m of source.matchAll(/export const (\w+) = \w+\(\s*"(\w+)"/g)) {
      tables.byName.set(m[1], { owner, sql: m[2] });
      tables.bySql.set(m[2], owner);
      tables.files.set(base, owner);
    }
  }
  return tables;
}

/** Where a server file sits, as an owner would be named; null for files the rule does not judge. */
export function ownerPlace(rel) {
  if (!rel.startsWith("apps/server/src/")) return null;
  if (/\.test\.tsx?$/.test(rel) || rel.startsWith("apps/server/src/test/") || rel.startsWith("apps/server/src/db/"))
    return null;
  const m = rel.match(/^apps\/server\/src\/(features|providers)\/([^/]+)\//);
  if (m) return `${m[1]}/${m[2]}`;
  const layer = rel.match(/^apps\/server\/src\/([^/]+)\//);
  return layer ? layer[1] : "root";
}

// A table named after FROM, JOIN, INTO, UPDATE or TABLE in SQL text.
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const LOOKS_LIKE_SQL = /^\s*(select|insert|update|delete|with)\b/i;

export default {
  rules: {
    owners: {
      meta: {
        type: "problem",
        docs: { description: "Only a table's owning feature queries it; others go through the owner's service." },
        schema: [
          {
            type: "object",
            properties: {
              allow: {
                type: "array",
                items: {
                  type: "object",
                  properties: {
                    file: { type: "string" },
                    tables: { type: "array", items: { type: "string" } },
                    reason: { type: "string", minLength: 10 },
                  },
                  required: ["file", "tables", "reason"],
                  additionalProperties: false,
                },
              },
            },
            additionalProperties: false,
          },
        ],
      },
      create(context) {
        const rel = path.relative(ROOT, context.filename).split(path.sep).join("/");
        const place = ownerPlace(rel);
        if (!place) return {};
        const { byName, bySql, files } = schemaTables();
        const allowed = new Set(
          (context.options[0]?.allow ?? []).filter((a) => a.file === rel).flatMap((a) => a.tables),
        );
        const reported = new Set();
        function report(node, table, owner, how) {
          if (owner === place || allowed.has(table) || allowed.has("*")) return;
          const key = `${table}:${node.range?.[0]}`;
          if (reported.has(key)) return;
          reported.add(key);
          context.report({
            node,
            message: `${table} belongs to ${owner}: ${place} ${how} it. Call ${owner}'s service instead, or add an exception with its reason to the tables/owners rule.`,
          });
        }
        function checkSql(node, text) {
          for (const m of text.matchAll(SQL_TABLE)) {
            const owner = bySql.get(m[1].toLowerCase());
            if (owner) report(node, m[1].toLowerCase(), owner, "names in SQL");
          }
        }
        return {
          ImportDeclaration(node) {
            const specifier = node.source.value;
            if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
            const target = path.resolve(path.dirname(context.filename), specifier);
            if (path.dirname(target) !== SCHEMA_DIR) return;
            const base = path.basename(target).replace(/\.ts$/, "");
            if (base === "index") {
              context.report({
                node,
                message: `Only src/db imports the schema root; ${place} imports its owner's file.`,
              });
              return;
            }
            const owner = files.get(base);
            if (!owner) return;
            for (const spec of node.specifiers) {
              const name = spec.imported?.name ?? spec.local.name;
              const table = byName.get(name);
              report(spec, table?.sql ?? name, owner, "imports");
            }
          },
          TaggedTemplateExpression(node) {
            const tag = node.tag;
            const isSql =
              (tag.type === "Identifier" && tag.name === "sql") ||
              (tag.type === "MemberExpression" && tag.object.type === "Identifier" && tag.object.name === "sql");
            if (isSql) checkSql(node, node.quasi.quasis.map((q) => q.value.cooked ?? "").join(" "));
          },
          Literal(node) {
            if (typeof node.value === "string" && LOOKS_LIKE_SQL.test(node.value)) checkSql(node, node.value);
          },
          TemplateLiteral(node) {
            if (node.parent?.type === "TaggedTemplateExpression") return;
            const text = node.quasis.map((q) => q.value.cooked ?? "").join(" ");
            if (LOOKS_LIKE_SQL.test(text)) checkSql(node, text);
          },
        };
      },
    },
  },
};
