import { STAY_DETAILS } from "@doorstep/shared/rules/stay-details";
import { Plugin } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import type { Node } from "@tiptap/pm/model";
import { Extension } from "@tiptap/react";

const TOKEN = /\{\{\s*stay\.(\w+)\s*\}\}/g;

function chips(doc: Node): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    for (const m of node.text.matchAll(TOKEN)) {
      if (!(STAY_DETAILS as readonly string[]).includes(m[1]!)) continue;
      const from = pos + m.index;
      decorations.push(Decoration.inline(from, from + m[0].length, { class: "stay-chip", "data-stay-detail": m[1]! }));
    }
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Stay details in the text (decision 042) are stored as tokens (`{{stay.doorCode}}`) and shown as chips: a
 * decoration over the token's text, so the stored HTML stays plain text the sanitizer and translations keep.
 */
export const StayDetailChips = Extension.create({
  name: "stayDetailChips",
  addProseMirrorPlugins() {
    return [new Plugin({ props: { decorations: (state) => chips(state.doc) } })];
  },
});
