import { describe, expect, it } from "vitest";
import {
  findPlaceholders,
  guideHiddenReason,
  textOf,
  untouchedPlaceholders,
  type ItemForGuide,
  type TemplateSample,
} from "./placeholders.ts";

describe("findPlaceholders", () => {
  it("finds bracketed bits in plain text, once each, in order", () => {
    expect(findPlaceholders("Enter the code [code], then [code] again at [the porch].")).toEqual([
      "[code]",
      "[the porch]",
    ]);
  });

  it("finds them in the editor's rich HTML, across inline tags", () => {
    const html = "<p>Check-in is from <strong>[3 pm]</strong>.</p><p>The address is [<em>full address</em>].</p>";
    expect(findPlaceholders(html)).toEqual(["[3 pm]", "[full address]"]);
  });

  it("decodes HTML entities inside and around the brackets", () => {
    expect(findPlaceholders("<p>Ask at [caf&#233;] or [B&amp;B reception] &#91;shown as brackets&#93;</p>")).toEqual([
      "[café]",
      "[B&B reception]",
      "[shown as brackets]",
    ]);
    expect(textOf("caf&#233; &#x2013; 5&nbsp;km")).toBe("café – 5 km");
  });

  it("ignores empty brackets, brackets spanning paragraphs and markdown-style links", () => {
    expect(findPlaceholders("[] [   ] <p>[start</p><p>end]</p> [our site](https://example.com)")).toEqual([]);
  });

  it("collapses white space inside a placeholder", () => {
    expect(findPlaceholders("[full\n address]")).toEqual([]);
    expect(findPlaceholders("[full   address]")).toEqual(["[full address]"]);
  });

  it("answers nothing for blank or missing text", () => {
    expect(findPlaceholders(null)).toEqual([]);
    expect(findPlaceholders("")).toEqual([]);
    expect(findPlaceholders("No brackets here.")).toEqual([]);
  });

  it("ignores very long bracketed prose", () => {
    expect(findPlaceholders(`[${"a".repeat(121)}]`)).toEqual([]);
  });
});

describe("untouchedPlaceholders", () => {
  it("keeps only the placeholders the template's samples hold", () => {
    const samples = ["<p>Check-in is from <strong>[3 pm]</strong>.</p>", null];
    expect(untouchedPlaceholders(["<p>From [3 pm], or [ask us]</p>", "[3 pm]"], samples)).toEqual(["[3 pm]"]);
    expect(untouchedPlaceholders(["<p>From 4 pm</p>"], samples)).toEqual([]);
    expect(untouchedPlaceholders(["[3 pm]"], ["No placeholders"])).toEqual([]);
  });
});

describe("guideHiddenReason", () => {
  const template: TemplateSample = {
    title: "Check-in time",
    detailText: "<p>Check-in is from <strong>[3 pm]</strong>.</p>",
    describe: null,
    locate: "To the right of the front door",
    operate: "Enter the code [code].",
    webLink: null,
  };
  const item = (over: Partial<ItemForGuide>): ItemForGuide => ({
    title: "Check-in time",
    detailText: "",
    describe: null,
    locate: null,
    operate: null,
    webLink: null,
    subItemTexts: [],
    hasMediaOrSubItems: false,
    ...over,
  });

  it("hides an item still holding its template's placeholder, in any field", () => {
    expect(guideHiddenReason(item({ detailText: "<p>From [3 pm].</p>" }), template)).toBe("placeholders");
    expect(guideHiddenReason(item({ operate: "Type [code] and pull" }), template)).toBe("placeholders");
    expect(guideHiddenReason(item({ subItemTexts: ["Ring at [3 pm]"] }), template)).toBe("placeholders");
  });

  it("hides an item with nothing but the template's name", () => {
    expect(guideHiddenReason(item({ detailText: "<p></p>" }), template)).toBe("nothing-written");
  });

  it("shows an item once the host wrote something", () => {
    expect(guideHiddenReason(item({ detailText: "<p>From 4 pm.</p>" }), template)).toBeNull();
    expect(guideHiddenReason(item({ webLink: "https://example.com" }), template)).toBeNull();
    expect(guideHiddenReason(item({ hasMediaOrSubItems: true }), template)).toBeNull();
    expect(guideHiddenReason(item({ title: "Arrive after 4 pm" }), template)).toBeNull();
    expect(guideHiddenReason(item({ detailText: "<p>Ask for [the blue door]</p>" }), template)).toBeNull();
  });

  it("never hides an item without a template", () => {
    expect(guideHiddenReason(item({ detailText: "[3 pm]" }), null)).toBeNull();
  });
});
