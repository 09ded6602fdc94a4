// Counts the `new AppError(...)` calls in apps/server/src (tests excluded) whose second argument is text: a
// string or template literal written at the call ("literal"), or any other expression of a string type, such
// as a catalogue entry or a variable ("string"). Also counts `notFound(...)` calls whose argument is text
// rather than a subject (a kebab-case word such as "property", typed as NotFoundSubject): a sentence
// literal, or an expression of the plain string type. Decision 035.
// Usage: node scripts/count-prose-app-errors.mjs [-v]
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");
const configPath = path.join(root, "apps/server/tsconfig.json");
const config = ts.parseJsonConfigFileContent(
  ts.readConfigFile(configPath, ts.sys.readFile).config,
  ts.sys,
  path.dirname(configPath),
);
const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true });
const checker = program.getTypeChecker();
const isLiteral = (n) =>
  ts.isStringLiteral(n) ||
  ts.isNoSubstitutionTemplateLiteral(n) ||
  ts.isTemplateExpression(n) ||
  (ts.isConditionalExpression(n) && (isLiteral(n.whenTrue) || isLiteral(n.whenFalse))) ||
  (ts.isParenthesizedExpression(n) && isLiteral(n.expression));
const isText = (type) => (type.isUnion() ? type.types.some(isText) : (type.flags & ts.TypeFlags.StringLike) !== 0);

const SUBJECT = /^[a-z]+(?:-[a-z]+)*$/;
/** A string type that is not made of literal subjects: `string` itself, or a union holding it. */
const isPlainString = (type) =>
  type.isUnion() ? type.types.some(isPlainString) : (type.flags & ts.TypeFlags.String) !== 0;
const subjectProse = (arg) => {
  if (!arg) return null;
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
    return SUBJECT.test(arg.text) ? null : "literal";
  if (isLiteral(arg)) return "literal";
  return isPlainString(checker.getTypeAtLocation(arg)) ? "string" : null;
};

const tally = { calls: 0, literal: 0, string: 0 };
const notFounds = { calls: 0, literal: 0, string: 0 };
const lines = [];
for (const file of program.getSourceFiles()) {
  const rel = path.relative(root, file.fileName);
  if (!rel.startsWith("apps/server/src/") || /\.test\.tsx?$/.test(rel)) continue;
  const visit = (node) => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === "AppError") {
      tally.calls++;
      const arg = node.arguments?.[1];
      const kind = !arg ? null : isLiteral(arg) ? "literal" : isText(checker.getTypeAtLocation(arg)) ? "string" : null;
      if (kind) {
        tally[kind]++;
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        lines.push(`${kind.padEnd(8)}${rel}:${line}: ${arg.getText(file).split("\n")[0]}`);
      }
    }
    if (ts.isCallExpression(node) && node.expression.getText(file) === "notFound") {
      notFounds.calls++;
      const arg = node.arguments[0];
      const kind = subjectProse(arg);
      if (kind) {
        notFounds[kind]++;
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        lines.push(`${("nf-" + kind).padEnd(11)}${rel}:${line}: ${arg.getText(file).split("\n")[0]}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
if (process.argv.includes("-v")) console.log(lines.join("\n"));
console.log(
  `new AppError calls: ${tally.calls}; with text: ${tally.literal + tally.string} (literal ${tally.literal}, string-typed ${tally.string})`,
);
console.log(
  `notFound calls: ${notFounds.calls}; with text: ${notFounds.literal + notFounds.string} (literal ${notFounds.literal}, string-typed ${notFounds.string})`,
);
