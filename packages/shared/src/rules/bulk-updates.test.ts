import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copy } from "../copy.ts";
import { renderApiError } from "../copy/api-errors.ts";
import { bulkPatch, findBulkKey, parsePropertyIds, splitList } from "./bulk-updates.ts";

describe("bulk update parsing (BULK-02)", () => {
  it("splits on commas, trims and drops empties; ids once each in their first place", () => {
    expect(splitList(" fr, de ,, ,it ")).toEqual(["fr", "de", "it"]);
    expect(splitList("")).toEqual([]);
    expect(parsePropertyIds(" a , b,,a, c ")).toEqual(["a", "b", "c"]);
  });

  it("never yields an empty or untrimmed part, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        for (const part of splitList(typed)) {
          expect(part).not.toBe("");
          expect(part).toBe(part.trim());
          expect(part).not.toContain(",");
        }
      }),
    );
  });

  it("knows a key by its name or its field, in any case, and nothing else", () => {
    expect(findBulkKey("LanguageTranslations")).toBe("LanguageTranslations");
    expect(findBulkKey(" languagetranslations ")).toBe("LanguageTranslations");
    expect(findBulkKey("hexPrimary")).toBe("PrimaryColour");
    expect(findBulkKey("title")).toBeNull();
    expect(findBulkKey("passcode")).toBeNull();
  });

  it("turns the values into the single-property edit by the key's kind", () => {
    expect(bulkPatch("LanguageTranslations", "fr, de, fr")).toEqual({ patch: { languageTranslations: ["fr", "de"] } });
    expect(bulkPatch("LanguageTranslations", " , ")).toEqual({ patch: { languageTranslations: [] } });
    expect(bulkPatch("Published", "Off")).toEqual({ patch: { published: false } });
    expect(bulkPatch("CompanyBranding", "yes")).toEqual({ patch: { companyProfile: true } });
    expect(bulkPatch("Published", "maybe")).toEqual({ error: "BULK_ON_OR_OFF" });
    expect(bulkPatch("PrimaryColour", "none")).toEqual({ patch: { hexPrimary: null } });
    expect(bulkPatch("DefaultLanguage", "fr, de")).toEqual({ error: "BULK_ONE_VALUE" });
    expect(bulkPatch("LinkedManager", "")).toEqual({ error: "BULK_NO_VALUES" });
  });

  it("says why values cannot be used from the code and its parameters", () => {
    expect(renderApiError("BULK_ON_OR_OFF", undefined)).toBe(copy.bulkUpdates.onOrOff);
    expect(renderApiError("BULK_VALUE_INVALID", { key: "LanguageTranslations", issue: "custom" })).toBe(
      "Unknown language code",
    );
    expect(renderApiError("BULK_VALUE_INVALID", { key: "SecondaryColour", issue: "invalid_format" })).toBe(
      "Use a hex colour such as #1F6F68",
    );
    expect(renderApiError("BULK_VALUE_INVALID", { key: "LinkedManager", issue: "invalid_format" })).toBe(
      copy.bulkUpdates.managerIdFormat,
    );
    expect(renderApiError("BULK_VALUE_INVALID", { key: "LanguageTranslations", issue: "too_big" })).toBe(
      "This value cannot be used for Guide translations.",
    );
  });
});
