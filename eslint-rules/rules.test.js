// The layering rules on small cases: what they refuse and what they let through.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import layers from "./layers.js";
import features from "./features.js";
import imports from "./no-cycle.js";
import tables from "./table-owners.js";
import appErrors from "./app-errors.js";

RuleTester.describe = describe;
RuleTester.it = it;
const ROOT = path.resolve(import.meta.dirname, "..");
const at = (rel) => path.join(ROOT, rel);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" },
});

tester.run("layers/boundaries", layers.rules.boundaries, {
  valid: [
    { filename: at("apps/server/src/features/a/a.service.ts"), code: 'import { x } from "../b/b.service.ts";' },
    { filename: at("apps/server/src/features/a/a.service.ts"), code: 'import { x } from "./a.repository.ts";' },
    { filename: at("apps/server/src/features/a/a.routes.ts"), code: 'import { x } from "../../commands/c.ts";' },
    { filename: at("apps/server/src/features/a/a.test.ts"), code: 'import { x } from "../b/b.repository.ts";' },
    { filename: at("apps/web/src/features/a/routes/p.tsx"), code: 'import { x } from "../../../api/b/get-b.ts";' },
    { filename: at("apps/server/src/guide/g.ts"), code: 'import { x } from "../features/b/b.service.ts";' },
  ],
  invalid: [
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: 'import { x } from "../b/b.repository.ts";',
      errors: 1,
    },
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: 'import { x } from "../../guide/g.ts";',
      errors: 1,
    },
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: 'import { x } from "../../commands/c.ts";',
      errors: 1,
    },
    { filename: at("apps/server/src/lib/l.ts"), code: 'import { x } from "../features/b/b.service.ts";', errors: 1 },
    {
      filename: at("apps/server/src/cli/admin.ts"),
      code: 'import { x } from "../features/b/b.repository.ts";',
      errors: 1,
    },
    {
      filename: at("apps/web/src/features/a/routes/p.tsx"),
      code: 'import { x } from "../../b/api/get-b.ts";',
      errors: 1,
    },
    { filename: at("apps/web/src/lib/l.ts"), code: 'import { x } from "../features/b/api/get-b.ts";', errors: 1 },
    {
      filename: at("apps/web/src/app/router.tsx"),
      code: 'import { x } from "@doorstep/server/src/app.ts";',
      errors: 1,
    },
    {
      filename: at("packages/shared/src/x.ts"),
      code: 'import { x } from "../../../apps/server/src/app.ts";',
      errors: 1,
    },
  ],
});

// Real files: the circle check follows imports on disk.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "no-cycle-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name, code) => fs.writeFileSync(path.join(dir, name), code);
write("a.ts", 'import { b } from "./b.ts";\nexport const a = 1;\n');
write("b.ts", 'import { c } from "./c.ts";\nexport const b = c;\n');
write("c.ts", 'import { a } from "./a.ts";\nexport const c = a;\n');
write("d.ts", 'import type { E } from "./e.ts";\nexport type D = E;\n');
write("e.ts", 'import type { D } from "./d.ts";\nexport type E = D;\n');

tester.run("imports/no-cycle", imports.rules["no-cycle"], {
  valid: [
    { filename: path.join(dir, "d.ts"), code: 'import type { E } from "./e.ts";' },
    { filename: path.join(dir, "d.ts"), code: 'const load = () => import("./a.ts");' },
    { filename: path.join(dir, "x.ts"), code: 'import { b } from "./b.ts";' },
  ],
  invalid: [
    {
      filename: path.join(dir, "a.ts"),
      code: 'import { b } from "./b.ts";',
      errors: [{ message: /Import circle: .*a\.ts → .*b\.ts → .*c\.ts → .*a\.ts/ }],
    },
  ],
});

// Table ownership, on the real schema folder: properties.ts holds the properties table, owned by features/properties.
const visitsFile = at("apps/server/src/features/visits/x.repository.ts");
tester.run("tables/owners", tables.rules.owners, {
  valid: [
    {
      filename: at("apps/server/src/features/properties/x.repository.ts"),
      code: 'import { properties } from "../../db/schema/properties.ts";\nsql`select * from properties`;',
    },
    {
      filename: at("apps/server/src/features/visits/x.test.ts"),
      code: 'import { properties } from "../../db/schema/properties.ts";',
    },
    { filename: at("apps/server/src/db/open.ts"), code: 'import * as schema from "./schema/index.ts";' },
    { filename: visitsFile, code: 'const words = "Select a property from the list";' },
    {
      filename: visitsFile,
      code: 'import { properties } from "../../db/schema/properties.ts";',
      options: [
        {
          allow: [
            {
              file: "apps/server/src/features/visits/x.repository.ts",
              tables: ["properties"],
              reason: "a join the owner exposes for speed",
            },
          ],
        },
      ],
    },
    {
      filename: at("apps/server/src/providers/email/x.ts"),
      code: 'import { emailOutbox } from "../../db/schema/email.ts";',
    },
  ],
  invalid: [
    {
      filename: visitsFile,
      code: 'import { properties } from "../../db/schema/properties.ts";',
      errors: [{ message: /properties belongs to features\/properties: features\/visits imports it/ }],
    },
    { filename: visitsFile, code: 'import type { properties } from "../../db/schema/properties.ts";', errors: 1 },
    {
      filename: visitsFile,
      code: "sql`delete from content_items where id = ${1}`;",
      errors: [{ message: /content_items belongs to features\/content/ }],
    },
    { filename: visitsFile, code: 'db.query("select 1 from users join accounts on true");', errors: 2 },
    { filename: at("apps/server/src/cli/x.ts"), code: 'import { users } from "../db/schema/users.ts";', errors: 1 },
    { filename: visitsFile, code: 'import * as schema from "../../db/schema/index.ts";', errors: 1 },
  ],
});

// The feature graph is the real one: auth depends on users, so users importing auth closes a cycle.
tester.run("features/acyclic", features.rules.acyclic, {
  valid: [
    {
      filename: at("apps/server/src/features/audit/x.service.ts"),
      code: 'import { x } from "../users/user.service.ts";',
    },
    { filename: at("apps/server/src/features/users/x.test.ts"), code: 'import { x } from "../auth/auth.service.ts";' },
    {
      filename: at("apps/server/src/features/users/x.service.ts"),
      code: 'import { x } from "../auth/auth.service.ts";',
      options: [{ allow: [{ from: "users", to: "auth", reason: "a reason of some length" }] }],
    },
  ],
  invalid: [
    {
      filename: at("apps/server/src/features/users/x.service.ts"),
      code: 'import { x } from "../auth/auth.service.ts";',
      errors: [{ message: /Feature cycle: users → auth → .*users/ }],
    },
  ],
});

tester.run("features/service-exports", features.rules["service-exports"], {
  valid: [
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: "export interface Guide { title: string }\nexport function f() {}",
    },
    { filename: at("apps/server/src/features/a/a.repository.ts"), code: 'export type { Row } from "./b.ts";' },
    { filename: at("apps/server/src/features/a/a.service.ts"), code: "const local = 1;\nexport { local };" },
  ],
  invalid: [
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: 'export type { Row } from "./a.repository.ts";',
      errors: 1,
    },
    { filename: at("apps/server/src/features/a/a.service.ts"), code: 'export * from "./a.repository.ts";', errors: 1 },
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: 'import { x } from "./b.ts";\nexport { x };',
      errors: 1,
    },
    {
      filename: at("apps/server/src/features/a/a.service.ts"),
      code: "export type Row = typeof t.$inferSelect;",
      errors: 1,
    },
  ],
});

tester.run("errors/no-prose", appErrors.rules["no-prose"], {
  valid: [
    { code: 'new AppError("CONTENT_CHANGED");' },
    { code: 'new AppError("CATEGORY_FULL", { max: 10 });' },
    { code: 'new AppError("REPLY_EMPTY", undefined, { at: ["text"] });' },
    { code: "new AppError(reason, params);" },
    // A variable is left to the types: a code's parameters are typed, and no code takes a string.
    { code: 'new AppError("BULK_VALUE_INVALID", { key, issue }, { at: ["values"] });' },
    { code: 'new Error("Something else entirely.");' },
    { code: "notFound();" },
    { code: 'notFound("property");' },
    { code: 'notFound("sub-content-item");' },
    { code: "notFound(subject);" },
    { code: 'other("Property not found");' },
  ],
  invalid: [
    { code: 'new AppError("CONFLICT", "The default manager cannot be deleted.");', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("CONFLICT", `A list holds at most ${max} places.`);', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("VALIDATION_FAILED", "At most " + max + " items.");', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("VALIDATION_FAILED", one ? "Upload one file." : "Upload files.");', errors: 1 },
    { code: 'new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Not sent.");', errors: 1 },
    { code: 'new AppError("CONFLICT", copy.messaging.replyOff);', errors: 1 },
    { code: 'new AppError("RATE_LIMITED", copy.guide.passcodeTooMany(60));', errors: 1 },
    { code: 'notFound("Property not found");', errors: [{ messageId: "notFoundProse" }] },
    { code: 'notFound("any sentence");', errors: [{ messageId: "notFoundProse" }] },
    { code: 'notFound("Property");', errors: [{ messageId: "notFoundProse" }] },
    { code: "notFound(`${what} not found`);", errors: [{ messageId: "notFoundProse" }] },
    { code: 'notFound(kind + " not found");', errors: [{ messageId: "notFoundProse" }] },
    { code: "notFound(copy.errors.notFound);", errors: [{ messageId: "notFoundProse" }] },
  ],
});
