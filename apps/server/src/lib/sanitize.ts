import sanitizeHtml from "sanitize-html";
import { RICH_TEXT_LINK_SCHEMES, RICH_TEXT_RENAMED_TAGS, RICH_TEXT_TAGS } from "@doorstep/shared/rules/content";

// A colour as TipTap's Color extension writes it: #hex, rgb()/rgba() or a named colour.
const COLOUR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ["href", "rel", "target"], span: ["style"] },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: { span: { color: COLOUR } },
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "template",
    "title",
    "xmp",
    "noembed",
    "noframes",
  ],
  transformTags: {
    // Old-style bold and italic (pasted, or from an older editor) become the toolbar's own elements.
    ...Object.fromEntries(
      Object.entries(RICH_TEXT_RENAMED_TAGS).map(([from, to]) => [from, sanitizeHtml.simpleTransform(to, {}, false)]),
    ),
    // Links open a new tab without handing it our window (CONT-19).
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: "noopener noreferrer nofollow",
        target: "_blank",
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/**
 * DetailText as the editor's toolbar can make it and nothing else (CONT-19): h2, p, br, strong, em, u,
 * ul/ol/li, links (http, https, mailto, tel; rel and target forced) and spans with a colour; b and i are
 * renamed to strong and em, everything else is dropped.
 */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, RICH_TEXT).trim();
  // An editor left empty sends "<p></p>".
  return /^(<p>\s*(<br \/>)?\s*<\/p>\s*)*$/.test(clean) ? "" : clean;
}

/**
 * Plain text (titles, describe/locate/operate, sub-item texts): anything that could open a tag is
 * removed, control characters dropped; the guide escapes it on output as well.
 */
export function sanitizePlainText(text: string): string;
export function sanitizePlainText(text: string | null): string | null;
export function sanitizePlainText(text: string | null): string | null {
  if (text === null) return null;
  // Control characters other than tab and line breaks go (char codes: no-control-regex).
  let out = [...text]
    .filter((ch) => (ch.charCodeAt(0) >= 32 ? ch.charCodeAt(0) !== 127 : ch === "\t" || ch === "\n" || ch === "\r"))
    .join("");
  let previous;
  do {
    previous = out;
    out = out.replace(/<[^<>]*>/g, "");
  } while (out !== previous);
  out = out.replace(/<(?=[a-zA-Z!/?])/g, "").trim();
  return out === "" ? null : out;
}
