// The layering rules on small cases: what they refuse and what they let through.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import layers from "./layers.js";
import imports from "./no-cycle.js";
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

tester.run("errors/no-prose", appErrors.rules["no-prose"], {
  valid: [
    { code: 'new AppError("CONTENT_CHANGED");' },
    { code: 'new AppError("CATEGORY_FULL", { max: 10 });' },
    { code: 'new AppError("REPLY_EMPTY", undefined, { at: ["text"] });' },
    { code: "new AppError(reason, params);" },
    // A variable is not refused: bulk updates pass their own text until their rewrite gives them codes.
    { code: 'new AppError("VALIDATION_FAILED", message, [{ path: ["values"], message }]);' },
    { code: 'new Error("Something else entirely.");' },
  ],
  invalid: [
    { code: 'new AppError("CONFLICT", "The default manager cannot be deleted.");', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("CONFLICT", `A list holds at most ${max} places.`);', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("VALIDATION_FAILED", "At most " + max + " items.");', errors: [{ messageId: "prose" }] },
    { code: 'new AppError("VALIDATION_FAILED", one ? "Upload one file." : "Upload files.");', errors: 1 },
    { code: 'new AppError("VALIDATION_FAILED", issues[0]?.message ?? "Not sent.");', errors: 1 },
    { code: 'new AppError("CONFLICT", copy.messaging.replyOff);', errors: 1 },
    { code: 'new AppError("RATE_LIMITED", copy.guide.passcodeTooMany(60));', errors: 1 },
  ],
});
