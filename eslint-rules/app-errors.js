// Errors are codes with parameters (decision 035): `new AppError(code, params)` takes its message from the
// copy catalogue, so a sentence written at the throw site (a string or template literal, text joined with +,
// a choice between texts, or a `copy.…` entry) is refused where the message argument goes. `notFound(subject)`
// takes a subject, a kebab-case word of NOT_FOUND_SUBJECTS ("property"), never the sentence it renders to.

/** True when `node` is text a person would read: a literal, a template, or an expression made of them. */
function isSentence(node) {
  if (!node) return false;
  switch (node.type) {
    case "Literal":
      return typeof node.value === "string";
    case "TemplateLiteral":
      return true;
    case "BinaryExpression":
      return node.operator === "+" && (isSentence(node.left) || isSentence(node.right));
    case "ConditionalExpression":
      return isSentence(node.consequent) || isSentence(node.alternate);
    case "LogicalExpression":
      return isSentence(node.left) || isSentence(node.right);
    case "TSAsExpression":
    case "TSNonNullExpression":
      return isSentence(node.expression);
    case "CallExpression":
    case "MemberExpression":
      return rootName(node) === "copy";
    default:
      return false;
  }
}

/** The identifier an access or call chain starts from (`copy` in `copy.guide.notFound(1)`). */
function rootName(node) {
  let current = node;
  while (current) {
    if (current.type === "Identifier") return current.name;
    if (current.type === "MemberExpression") current = current.object;
    else if (current.type === "CallExpression") current = current.callee;
    else if (current.type === "ChainExpression") current = current.expression;
    else return null;
  }
  return null;
}

/** A NOT_FOUND subject as written at a call: one kebab-case word ("property", "sub-content-item"). */
const SUBJECT = /^[a-z]+(?:-[a-z]+)*$/;

/** True when `notFound`'s argument is a sentence rather than a subject. */
function isNotFoundProse(node) {
  if (!node) return false;
  if (node.type === "Literal") return typeof node.value === "string" && !SUBJECT.test(node.value);
  if (node.type === "TemplateLiteral")
    return node.expressions.length > 0 || !SUBJECT.test(node.quasis[0]?.value.cooked ?? "");
  return isSentence(node);
}

export default {
  rules: {
    "no-prose": {
      meta: {
        type: "problem",
        docs: {
          description:
            "new AppError takes a code and its parameters, notFound a subject; never a sentence (decision 035)",
        },
        schema: [],
        messages: {
          prose:
            "new AppError takes a code and its parameters: give the reason a specific code with its message in packages/shared/src/copy/api-errors.ts (decision 035).",
          notFoundProse:
            "notFound takes a subject (NOT_FOUND_SUBJECTS in packages/shared/src/errors.ts, its message in copy/api-errors.ts), never a sentence (decision 035).",
        },
      },
      create(context) {
        return {
          NewExpression(node) {
            if (node.callee.type !== "Identifier" || node.callee.name !== "AppError") return;
            const message = node.arguments[1];
            if (isSentence(message)) context.report({ node: message, messageId: "prose" });
          },
          CallExpression(node) {
            if (node.callee.type !== "Identifier" || node.callee.name !== "notFound") return;
            const subject = node.arguments[0];
            if (isNotFoundProse(subject)) context.report({ node: subject, messageId: "notFoundProse" });
          },
        };
      },
    },
  },
};
