import { describe, expect, it } from "vitest";
import { copy } from "../copy.ts";
import { GUIDE_LABEL_LANGUAGES } from "./catalogue.ts";
import { STORE_LABEL_LANGUAGES, storeLabels } from "./store-labels.ts";

type Leaf = { path: string; value: unknown };
function leaves(node: unknown, path = ""): Leaf[] {
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [{ path, value: node }];
}

// Sample arguments for each function-valued label; the output must carry them.
const SAMPLES: Record<string, string[]> = {
  earlyFrom: ["11:00"],
  lateUntil: ["13:00"],
  requestSent: ["Maria", "29 Nov, 13:00"],
  declinedNote: ["Cleaners arrive at 12"],
  emailSubject: ["Late check-out"],
  emailStatus: ["Late check-out", "STATUS"],
};

const english = leaves(copy.guestStore);
// Labels some languages write as English does ("Extras", "Total", "title: status").
const MAY_MATCH = new Set(["tile", "title", "total", "emailStatus"]);

describe("the guest store's labels", () => {
  it("are written in every language the guide has labels in", () => {
    expect([...STORE_LABEL_LANGUAGES, "en"].sort()).toEqual([...GUIDE_LABEL_LANGUAGES].sort());
  });

  for (const lang of STORE_LABEL_LANGUAGES) {
    it(`${lang}: every label of the English source, nothing else, none empty, none left in English`, () => {
      const labels = leaves(storeLabels(lang));
      expect(labels.map((l) => l.path).sort()).toEqual(english.map((l) => l.path).sort());
      for (const { path, value } of labels) {
        const source = english.find((l) => l.path === path)!.value;
        expect(typeof value, `${lang} ${path}`).toBe(typeof source);
        if (typeof value === "string") {
          expect(value.trim(), `${lang} ${path}`).not.toBe("");
          if (!MAY_MATCH.has(path) && source !== "Extras") expect(value, `${lang} ${path}`).not.toBe(source);
        }
        if (typeof value === "function") {
          const args = SAMPLES[path];
          expect(args, `sample arguments for ${path}`).toBeDefined();
          const out = (value as (...a: string[]) => string)(...args!);
          for (const shown of args!) expect(out, `${lang} ${path}`).toContain(shown);
          if (!MAY_MATCH.has(path))
            expect(out, `${lang} ${path}`).not.toBe((source as (...a: string[]) => string)(...args!));
        }
      }
      expect(storeLabels(lang).testMode, lang).toContain("4242 4242 4242 4242");
    });
  }

  it("finds a language by its longest known prefix and falls back to English", () => {
    expect(storeLabels("fr-CA").requestSent("Maria", "29 nov., 13:00")).toBe(
      "Demande envoyée — Maria répondra d'ici 29 nov., 13:00",
    );
    expect(storeLabels("de").statuses.confirmed).toBe("Bestätigt");
    expect(storeLabels("zh-Hant-HK")).toBe(storeLabels("zh-tw"));
    expect(storeLabels("zh-Hant-HK").tile).not.toBe(storeLabels("zh").tile);
    expect(storeLabels("no")).toBe(storeLabels("nb"));
    expect(storeLabels("ja").cardNumber).toBe("カード番号");
    expect(storeLabels("hu")).toBe(copy.guestStore);
    expect(storeLabels("en")).toEqual(copy.guestStore);
  });
});
