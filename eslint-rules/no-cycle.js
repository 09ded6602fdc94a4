// No import circles (docs/architecture.md, "Layers"). A file is in a circle when one of its static value
// imports leads, through other static value imports, back to it. Type-only imports (`import type`,
// `export type … from`) and dynamic `import()` do not count: they cannot make one module run before
// another is ready. Relative specifiers carry their extension in this repository, and `@doorstep/shared/x`
// resolves to packages/shared/src/x.ts, so resolving needs no resolver package.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SHARED = path.join(ROOT, "packages/shared/src");
const CODE = /\.(ts|tsx|js|mjs)$/;

// Static imports and re-exports with a source: `import … from "x"`, `import "x"`, `export … from "x"`.
const STATEMENT = /^\s*(import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The absolute path a specifier names, or null for npm packages and non-code files. */
export function resolveSpecifier(fromFile, specifier) {
  let target = null;
  if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith("@doorstep/shared/")) target = path.join(SHARED, `${specifier.slice(17)}.ts`);
  return target && CODE.test(target) ? target : null;
}

const cache = new Map();
/** The files `file` imports for their values (cached for the lint run; files do not change during it). */
function valueImports(file) {
  if (cache.has(file)) return cache.get(file);
  let source = "";
  try {
    source = fs.readFileSync(file, "utf8");
  } catch {
    /* a missing file is the type checker's problem */
  }
  const targets = [];
  for (const m of source.matchAll(STATEMENT)) {
    if (m[2]) continue;
    const target = resolveSpecifier(file, m[3]);
    if (target) targets.push(target);
  }
  cache.set(file, targets);
  return targets;
}

/** The chain of files from `start` back to `goal`, or null when there is none. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, chain] = stack.pop();
    if (file === goal) return chain;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of valueImports(file)) if (!seen.has(next)) stack.push([next, [...chain, next]]);
  }
  return null;
}

export default {
  rules: {
    "no-cycle": {
      meta: {
        type: "problem",
        docs: { description: "No import circles through value imports." },
        schema: [],
      },
      create(context) {
        const filename = context.filename;
        function check(node) {
          if (node.importKind === "type" || node.exportKind === "type" || !node.source) return;
          const target = resolveSpecifier(filename, node.source.value);
          if (!target) return;
          const chain = pathBack(target, filename);
          if (!chain) return;
          const names = [filename, ...chain].map((f) => path.relative(ROOT, f));
          context.report({ node: node.source, message: `Import circle: ${names.join(" → ")}` });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
      },
    },
  },
};
