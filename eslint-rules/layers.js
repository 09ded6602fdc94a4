// The import boundaries of this repository, as one ESLint rule (docs/architecture.md, "Layers").
// It reads each import's specifier, resolves relative ones against the importing file, and checks the
// pair (importer's place, imported place) against the rules below. Tests and test helpers are exempt from
// the feature rules: a test may reach into any layer to set up its data.
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Where a file sits: which app or package, and which layer or feature inside it. */
function place(absolute) {
  const rel = path.relative(ROOT, absolute).split(path.sep).join("/");
  let m = rel.match(/^apps\/server\/src\/(features)\/([^/]+)\/(.+)$/);
  if (m) return { app: "server", layer: "feature", feature: m[2], file: m[3] };
  m = rel.match(/^apps\/server\/src\/([^/]+)\//);
  if (m) return { app: "server", layer: m[1] };
  if (/^apps\/server\/src\/[^/]+$/.test(rel)) return { app: "server", layer: "root" };
  m = rel.match(/^apps\/web\/src\/features\/([^/]+)\//);
  if (m) return { app: "web", layer: "feature", feature: m[1] };
  m = rel.match(/^apps\/web\/src\/([^/]+)\//);
  if (m) return { app: "web", layer: m[1] };
  m = rel.match(/^apps\/([^/]+)\//);
  if (m) return { app: m[1], layer: "other" };
  if (rel.startsWith("packages/shared/")) return { app: "shared", layer: "shared" };
  return { app: "other", layer: "other" };
}

const isTest = (rel) => /\.test\.tsx?$/.test(rel) || /^apps\/server\/src\/test\//.test(rel) || /\/test\//.test(rel);

/** The app a bare specifier names, for the workspace packages. */
function workspaceApp(specifier) {
  const m = specifier.match(/^@doorstep\/(server|web|e2e|shared|bench)(\/|$)/);
  return m ? (m[1] === "shared" ? "shared" : m[1]) : undefined;
}

/** The message for a forbidden import, or undefined when it is allowed. */
function violation(from, to, toFile, fromRel) {
  if (from.app === "shared" && to.app !== "shared" && to.app !== "other") {
    return "packages/shared imports neither app: move what both need into packages/shared.";
  }
  if (from.app === "server" && to.app === "web") return "The server never imports the web app.";
  if (from.app === "web" && to.app === "server") return "The web app never imports the server.";
  if (isTest(fromRel)) return undefined;

  if (from.app === "web" && to.app === "web") {
    if (from.layer === "feature" && to.layer === "feature" && from.feature !== to.feature) {
      return `A web feature does not import another (${from.feature} → ${to.feature}): share it below the features (src/api, src/components, src/lib) or compose both in src/app.`;
    }
    if (["components", "lib", "api"].includes(from.layer) && to.layer === "feature") {
      return `src/${from.layer} sits below the features and does not import them.`;
    }
  }

  if (from.app === "server" && to.app === "server") {
    const base = path.basename(toFile);
    if (["lib", "db", "providers"].includes(from.layer) && ["feature", "commands", "guide"].includes(to.layer)) {
      return `src/${from.layer} sits below the features and does not import them.`;
    }
    // A feature's routes may run a command (a workflow across features); nothing else in a feature may.
    const routes = from.layer === "feature" && /\.routes\.ts$/.test(from.file ?? "");
    if (from.layer === "feature" && (to.layer === "guide" || (to.layer === "commands" && !routes))) {
      return `A feature does not import src/${to.layer}: it sits above the features${to.layer === "commands" ? " (only its routes may run a command)" : ""}.`;
    }
    const crosses =
      to.layer === "feature" &&
      (from.layer !== "feature" || from.feature !== to.feature) &&
      ["feature", "guide", "commands", "jobs", "plugins", "cli"].includes(from.layer);
    if (crosses && !/\.service\.ts$/.test(base)) {
      const who = from.layer === "feature" ? `feature ${from.feature}` : `src/${from.layer}`;
      return `${who} reaches into ${to.feature}/${to.file}: across features, import only a feature's *.service.ts.`;
    }
  }
  return undefined;
}

export default {
  rules: {
    boundaries: {
      meta: {
        type: "problem",
        docs: { description: "One-way layers: apps, features and server layers import only what sits below them." },
        schema: [],
      },
      create(context) {
        const filename = context.filename;
        const fromRel = path.relative(ROOT, filename).split(path.sep).join("/");
        const from = place(filename);
        function check(node, specifier) {
          if (typeof specifier !== "string") return;
          let to;
          let toFile = specifier;
          if (specifier.startsWith(".")) {
            toFile = path.resolve(path.dirname(filename), specifier);
            to = place(toFile);
          } else {
            const app = workspaceApp(specifier);
            if (!app) return;
            to = { app, layer: "package" };
          }
          const message = violation(from, to, toFile, fromRel);
          if (message) context.report({ node, message });
        }
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) => node.source.type === "Literal" && check(node.source, node.source.value),
        };
      },
    },
  },
};
