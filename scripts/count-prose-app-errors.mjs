// Counts the `new AppError(...)` calls in apps/server/src (tests excluded) whose second argument is text: a
// string or template literal written at the call ("literal"), or any other expression of a string type, such
// as a catalogue entry or a variable ("string"). Decision 035. Usage: node scripts/count-prose-app-errors.mjs [-v]
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

const tally = { calls: 0, literal: 0, string: 0 };
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
    ts.forEachChild(node, visit);
  };
  visit(file);
}
if (process.argv.includes("-v")) console.log(lines.join("\n"));
console.log(
  `new AppError calls: ${tally.calls}; with text: ${tally.literal + tally.string} (literal ${tally.literal}, string-typed ${tally.string})`,
);
