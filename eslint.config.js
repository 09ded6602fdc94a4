import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint-rules/layers.js";
import imports from "./eslint-rules/no-cycle.js";
import features from "./eslint-rules/features.js";
import tables from "./eslint-rules/table-owners.js";
import { featureEdgeExceptions, serviceExportExceptions, tableExceptions } from "./eslint-rules/exceptions.js";
import appErrors from "./eslint-rules/app-errors.js";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      ".tmp/**",
      "**/migrations/**",
      "apps/e2e/test-results/**",
      "apps/e2e/playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // One-way layers and no import cycles (docs/architecture.md, "Layers").
    files: ["apps/**/*.{ts,tsx}", "packages/**/*.ts", "bench/**/*.ts"],
    plugins: { layers, imports },
    rules: {
      "layers/boundaries": "error",
      "imports/no-cycle": "error",
    },
  },
  {
    // Every table has one owning feature (docs/architecture.md §3); exceptions name their reason.
    files: ["apps/server/src/**/*.ts"],
    plugins: { tables, features },
    rules: {
      "tables/owners": ["error", { allow: tableExceptions }],
      // No cycle among features, routes included; workflows across features live in src/commands.
      "features/acyclic": ["error", { allow: featureEdgeExceptions }],
      // Services re-export nothing and export no row types: features exchange domain types.
      "features/service-exports": "error",
    },
  },
  ...(serviceExportExceptions.length > 0
    ? [{ files: serviceExportExceptions, rules: { "features/service-exports": "off" } }]
    : []),
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The dashboard's own Link keeps React Router's prefetching out of the first view (decision 026).
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink", "LinkProps"],
              message: "Use Link from src/components/ui/link.tsx (decision 026).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@doorstep/server*", "@doorstep/web*", "**/apps/**"] }],
    },
  },
  {
    // Text at the edge (decision 011): request strings go through the shared `text()` helper, which refuses
    // NUL and lone surrogates before they reach the database.
    files: ["packages/shared/src/schemas/**/*.ts", "apps/server/src/**/*.routes.ts"],
    ignores: ["packages/shared/src/schemas/text.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: "Use text() from @doorstep/shared/schemas/text: it refuses NUL and lone surrogates (decision 011).",
        },
      ],
    },
  },
  {
    // No async hooks in the server: once one is enabled (an AsyncLocalStorage's first run), Node 20 calls it for
    // every promise, timer and write of every request: 6-8 % of a request's work (decision 063).
    files: ["apps/server/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["node:async_hooks", "async_hooks"].map((name) => ({
            name,
            importNames: ["AsyncLocalStorage", "createHook"],
            message: "Async hooks cost every request on Node 20 (decision 063).",
          })),
        },
      ],
    },
  },
  {
    // An error is a code with parameters, its text rendered from the catalogue (decision 035).
    files: ["apps/server/src/**/*.{ts,tsx}"],
    plugins: { errors: appErrors },
    rules: { "errors/no-prose": "error" },
  },
);
