import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { What3words } from "../schemas/property.ts";
import {
  checkWeblink,
  inactiveReason,
  isBasicSetupComplete,
  RESERVED_WEBLINKS,
  suggestWeblink,
  type CompletenessInput,
  type LiveInput,
} from "./property.ts";

describe("suggestWeblink (PROP-08)", () => {
  it("lower-cases, turns other characters into single dashes and trims dashes at the ends", () => {
    expect(suggestWeblink("Seaside Escape")).toBe("seaside-escape");
    expect(suggestWeblink("  Café & Bar!! No. 7 ")).toBe("caf-bar-no-7");
    expect(suggestWeblink("---")).toBe("");
    expect(suggestWeblink("x".repeat(80))).toHaveLength(60);
  });

  it("always suggests something checkWeblink accepts or calls too short / reserved, never bad characters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (name) => {
        const suggestion = suggestWeblink(name);
        expect(suggestion).toMatch(/^[a-z0-9-]*$/);
        expect(checkWeblink(suggestion)).not.toBe("characters");
      }),
    );
  });
});

describe("checkWeblink (PROP-09, OPEN-37)", () => {
  it("accepts 3 to 60 lower-case letters, digits and dashes", () => {
    for (const ok of ["abc", "seaside-escape-1", "123456", "a".repeat(60)]) expect(checkWeblink(ok), ok).toBeNull();
  });
  it("names the problem: characters, length or a reserved word", () => {
    expect(checkWeblink("Sea Side")).toBe("characters");
    expect(checkWeblink("seaside_escape")).toBe("characters");
    expect(checkWeblink("café")).toBe("characters");
    expect(checkWeblink("ab")).toBe("length");
    expect(checkWeblink("a".repeat(61))).toBe("length");
    for (const word of ["api", "files", "try-free", "doorstep"]) {
      expect(RESERVED_WEBLINKS.has(word)).toBe(true);
      expect(checkWeblink(word), word).toBe("reserved");
    }
  });
});

describe("inactiveReason (PROP-17…21, OPEN-41)", () => {
  const live: LiveInput = {
    subscriptionActiveUser: true,
    subscriptionActiveSystem: true,
    active: true,
    published: true,
  };
  it("is null when live, and names one reason by precedence subscription > deactivated > hidden", () => {
    expect(inactiveReason(live)).toBeNull();
    expect(inactiveReason({ ...live, published: false })).toBe("hidden");
    expect(inactiveReason({ ...live, published: false, active: false })).toBe("deactivated");
    expect(inactiveReason({ ...live, published: false, active: false, subscriptionActiveSystem: false })).toBe(
      "subscription",
    );
    expect(inactiveReason({ ...live, subscriptionActiveUser: false })).toBe("subscription");
  });
});

describe("isBasicSetupComplete (SETUP-20, CO-07)", () => {
  const complete: CompletenessInput = {
    title: "Seaside Escape",
    coverImageUrl: "/files/cover.webp",
    formattedAddress: "1 Harbour Road, Brighton",
    displayAddress: "Harbour Road",
    hexPrimary: "#1F6F68",
    hexSecondary: null,
    companyProfile: false,
  };
  it("is complete with every part and a colour, or company branding instead of colours", () => {
    expect(isBasicSetupComplete(complete)).toBe(true);
    expect(isBasicSetupComplete({ ...complete, hexPrimary: null, hexSecondary: "#000000" })).toBe(true);
    expect(isBasicSetupComplete({ ...complete, hexPrimary: null, companyProfile: true })).toBe(true);
  });
  it("is incomplete without any one required part", () => {
    for (const part of ["title", "coverImageUrl", "formattedAddress", "displayAddress"] as const) {
      expect(isBasicSetupComplete({ ...complete, [part]: null }), part).toBe(false);
      expect(isBasicSetupComplete({ ...complete, [part]: "" }), part).toBe(false);
    }
    expect(isBasicSetupComplete({ ...complete, hexPrimary: null })).toBe(false);
  });
});

describe("What3words schema (SETUP-14)", () => {
  it("keeps word.word.word (any script), drops ///, clears blank, refuses other forms", () => {
    expect(What3words.parse("///filled.count.soap")).toBe("filled.count.soap");
    expect(What3words.parse(" index.home.raft ")).toBe("index.home.raft");
    expect(What3words.parse("école.forêt.lune")).toBe("école.forêt.lune");
    expect(What3words.parse("")).toBeNull();
    expect(What3words.parse(null)).toBeNull();
    for (const bad of ["anything", "two.words", "a.b.c.d", "a b.c.d", "a..b", "1.2.3", "a.b.c/"])
      expect(What3words.safeParse(bad).success, bad).toBe(false);
  });
});
