import { describe, expect, it } from "vitest";
import { copy } from "../copy.ts";
import { PLACE_CATEGORIES } from "../rules/local-area.ts";
import { GUIDE_LABELS, GUIDE_LABEL_LANGUAGES, guideLabels, hasGuideLabels, textDirection } from "./catalogue.ts";
import { englishGuideLabels } from "./english.ts";

// The 20 most common guest languages the guide ships labels for, besides English.
const REQUIRED = [
  "es",
  "fr",
  "de",
  "it",
  "pt",
  "nl",
  "pl",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
  "el",
  "tr",
  "ru",
  "uk",
  "ja",
  "zh",
  "ko",
  "ar",
];

type Leaf = { path: string; value: unknown };
function leaves(node: unknown, path = ""): Leaf[] {
  if (node && typeof node === "object")
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [{ path, value: node }];
}

// Sample arguments for each function-valued label, by its name: the output must carry them.
const SAMPLES: Record<string, unknown[]> = {
  "guide.passcodeTooMany": [600],
  "guide.message": ["WhatsApp"],
  "guide.wifiQr": ["SeaView"],
  "guide.lastUpdated": ["24.11.2026"],
  "guide.searchResults": [1234567],
  "messaging.attachHint": [10, 25],
  "messaging.required": ["Prénom"],
  "messaging.messageTooLong": [5000],
  "messaging.writingAs": ["Ana Silva"],
  "messaging.tooManyFiles": [10],
  "messaging.fileTooLarge": [25],
  "places.call": ["+44 20 7946 0000"],
  "places.rating": [4.5],
  "stay.welcome": ["Ana"],
  "stay.revealOn": ["12.12.2026"],
  "stay.emailSubject": ["Harbour Loft"],
  "stay.emailIntro": ["Ana", "Harbour Loft"],
};
const mustShow: Record<string, string[]> = {
  "guide.passcodeTooMany": ["10"],
  "guide.message": ["WhatsApp"],
  "guide.wifiQr": ["SeaView"],
  "guide.lastUpdated": ["24.11.2026"],
  // The guide's script swaps the count into this sample (guide-home.tsx): it must be there as written.
  "guide.searchResults": ["1234567"],
  "messaging.attachHint": ["10", "25"],
  "messaging.messageTooLong": ["5000"],
  "messaging.tooManyFiles": ["10"],
  "messaging.fileTooLarge": ["25"],
  "places.call": ["+44 20 7946 0000"],
  "stay.welcome": ["Ana"],
  "stay.revealOn": ["12.12.2026"],
  "stay.emailSubject": ["Harbour Loft"],
  "stay.emailIntro": ["Ana", "Harbour Loft"],
};

const english = leaves(englishGuideLabels);

describe("the guide label catalogue", () => {
  it("ships the 20 most common guest languages and English", () => {
    for (const code of ["en", ...REQUIRED]) expect(GUIDE_LABEL_LANGUAGES, code).toContain(code);
  });

  it("takes the English labels from the copy catalogue: one source of truth", () => {
    expect(englishGuideLabels.guide).toBe(copy.guide);
    expect(englishGuideLabels.messaging).toBe(copy.guestMessaging);
    expect(englishGuideLabels.stay).toBe(copy.guestStay);
    const places = copy.localArea;
    const { categories, ...rest } = englishGuideLabels.places;
    for (const [key, value] of Object.entries(rest)) expect(value, key).toBe(places[key as keyof typeof places]);
    for (const c of PLACE_CATEGORIES) expect(categories[c], c).toBe(places.categories[c].title);
    expect(Object.keys(categories).sort()).toEqual([...PLACE_CATEGORIES].sort());
  });

  for (const code of GUIDE_LABEL_LANGUAGES) {
    it(`${code}: every key of the English source, nothing else, and no empty label`, () => {
      const labels = leaves(GUIDE_LABELS[code]);
      expect(labels.map((l) => l.path).sort()).toEqual(english.map((l) => l.path).sort());
      for (const { path, value } of labels) {
        const source = english.find((l) => l.path === path)!.value;
        expect(typeof value, `${code} ${path}`).toBe(typeof source);
        if (typeof value === "string") expect(value.trim(), `${code} ${path}`).not.toBe("");
        if (typeof value === "function") {
          const args = SAMPLES[path];
          expect(args, `sample arguments for ${path}`).toBeDefined();
          const out: unknown = (value as (...a: unknown[]) => unknown)(...args!);
          expect(typeof out, `${code} ${path}`).toBe("string");
          expect((out as string).trim(), `${code} ${path}`).not.toBe("");
          for (const shown of mustShow[path] ?? []) expect(out, `${code} ${path}`).toContain(shown);
        }
      }
    });
  }

  it("translates: a shipped language's labels differ from the English where words are expected to", () => {
    for (const code of REQUIRED) {
      const labels = guideLabels(code);
      expect(labels.guide.hostCardTitle, code).not.toBe(copy.guide.hostCardTitle);
      expect(labels.guide.copyWifiPassword, code).not.toBe(copy.guide.copyWifiPassword);
      expect(labels.categories.arrival, code).not.toBe(englishGuideLabels.categories.arrival);
      expect(labels.stay.ended, code).not.toBe(copy.guestStay.ended);
    }
  });

  it("finds a language by its primary subtag and falls back to English", () => {
    expect(guideLabels("fr-CA")).toBe(guideLabels("fr"));
    expect(guideLabels("zh-CN")).toBe(guideLabels("zh"));
    expect(guideLabels("zh-TW").guide.hostCardTitle).toBe("您的房東");
    expect(guideLabels("zh-Hant-HK")).toBe(guideLabels("zh-TW"));
    expect(guideLabels("no")).toBe(guideLabels("nb"));
    expect(guideLabels("hu")).toBe(englishGuideLabels);
    expect(hasGuideLabels("ja")).toBe(true);
    expect(hasGuideLabels("hu")).toBe(false);
  });

  it("knows right-to-left languages", () => {
    expect(textDirection("ar")).toBe("rtl");
    expect(textDirection("he")).toBe("rtl");
    expect(textDirection("fr")).toBe("ltr");
    expect(textDirection("zh-TW")).toBe("ltr");
  });
});
