// Two rules on the server's features (docs/architecture.md §3):
// - `features/acyclic`: the feature graph has no cycle. Feature A depends on B when any file of A that is not a
//   test (its routes included) imports a file of B, for its value or its type. A route that runs a command
//   does not make its feature depend on the command's features: that is what commands are for.
// - `features/service-exports`: a service exports its own functions and domain types. It re-exports nothing
//   (no `export … from`, no `export { imported }`) and exports no database row type (`$inferSelect`,
//   `$inferInsert`), so other features never learn a table's shape.
import fs from "node:fs";
import path from "node:path";
import { resolveSpecifier } from "./no-cycle.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const FEATURES = path.join(ROOT, "apps/server/src/features");
const STATEMENT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^;'"]*?\s+from\s+)?["']([^"']+)["']/gm;
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** The feature a file belongs to, or undefined. */
function featureOf(file) {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith("..") || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep)[0];
}

function walk(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (/\.tsx?$/.test(entry.name) && !isTest(entry.name)) out.push(full);
  }
  return out;
}

let graph;
/** feature → Map(dependency feature → one importing file, for the message). Built once per lint run. */
export function featureGraph() {
  if (graph) return graph;
  graph = new Map();
  for (const file of walk(FEATURES)) {
    const from = featureOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    const source = fs.readFileSync(file, "utf8");
    for (const m of source.matchAll(STATEMENT)) {
      const target = resolveSpecifier(file, m[1]);
      const to = target && featureOf(target);
      if (to && to !== from && !graph.get(from).has(to)) graph.get(from).set(to, path.relative(ROOT, file));
    }
  }
  return graph;
}

/** The features from `start` back to `goal` along dependencies, skipping allowed edges; null when none. */
function pathBack(start, goal, skip) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [feature, chain] = stack.pop();
    if (feature === goal) return chain;
    if (seen.has(feature)) continue;
    seen.add(feature);
    for (const next of graph.get(feature)?.keys() ?? []) {
      if (!skip.has(`${feature}->${next}`)) stack.push([next, [...chain, next]]);
    }
  }
  return null;
}

const exceptionsSchema = [
  {
    type: "object",
    properties: {
      allow: {
        type: "array",
        items: {
          type: "object",
          properties: { from: { type: "string" }, to: { type: "string" }, reason: { type: "string", minLength: 10 } },
          required: ["from", "to", "reason"],
          additionalProperties: false,
        },
      },
    },
    additionalProperties: false,
  },
];

const ROW_TYPE = /\$infer(Select|Insert)\b|\bInfer(Select|Insert)Model\b/;

export default {
  rules: {
    acyclic: {
      meta: {
        type: "problem",
        docs: { description: "No cycle among the server's features (routes included)." },
        schema: exceptionsSchema,
      },
      create(context) {
        const from = featureOf(context.filename);
        if (!from || isTest(context.filename)) return {};
        featureGraph();
        const skip = new Set((context.options[0]?.allow ?? []).map((a) => `${a.from}->${a.to}`));
        function check(node) {
          if (!node.source || typeof node.source.value !== "string") return;
          const target = resolveSpecifier(context.filename, node.source.value);
          const to = target && featureOf(target);
          if (!to || to === from || skip.has(`${from}->${to}`)) return;
          const chain = pathBack(to, from, skip);
          if (!chain) return;
          context.report({
            node: node.source,
            message: `Feature cycle: ${[from, ...chain].join(" → ")}. Move the workflow into src/commands, or the shared part into the feature that owns it.`,
          });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
    "service-exports": {
      meta: {
        type: "problem",
        docs: { description: "A service re-exports nothing and exports no database row type." },
        schema: [],
      },
      create(context) {
        if (!/\.service\.ts$/.test(context.filename) || !featureOf(context.filename)) return {};
        const imported = new Set();
        const source = context.sourceCode;
        return {
          ImportDeclaration(node) {
            for (const spec of node.specifiers) imported.add(spec.local.name);
          },
          ExportAllDeclaration(node) {
            context.report({ node, message: "A service re-exports nothing: import it from where it is declared." });
          },
          ExportNamedDeclaration(node) {
            if (node.source) {
              context.report({ node, message: "A service re-exports nothing: import it from where it is declared." });
              return;
            }
            for (const spec of node.specifiers) {
              if (imported.has(spec.local.name))
                context.report({
                  node: spec,
                  message: `A service re-exports nothing: ${spec.local.name} is imported here, import it from where it is declared.`,
                });
            }
            const declaration = node.declaration;
            if (
              declaration &&
              (declaration.type === "TSTypeAliasDeclaration" || declaration.type === "TSInterfaceDeclaration") &&
              ROW_TYPE.test(source.getText(declaration))
            )
              context.report({
                node: declaration,
                message: "A service exports domain types, not database rows: declare the fields other features need.",
              });
          },
        };
      },
    },
  },
};
