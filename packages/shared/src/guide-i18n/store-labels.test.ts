import { describe, expect, it } from "vitest";
import { copy } from "../copy.ts";
import { GUIDE_LABEL_LANGUAGES } from "./catalogue.ts";
import { storeLabels } from "./store-labels.ts";

describe("the guest store's labels", () => {
  it("names the Extras tile in every guide language", () => {
    for (const lang of GUIDE_LABEL_LANGUAGES) {
      const tile = storeLabels(lang).tile;
      expect(tile, lang).toBeTruthy();
      if (lang !== "en" && !["de", "es", "fr", "pt"].includes(lang)) expect(tile, lang).not.toBe("Extras");
    }
    expect(storeLabels("zh-Hant-HK").tile).toBe(storeLabels("zh-tw").tile);
    expect(storeLabels("zh-Hant-HK").tile).not.toBe(storeLabels("zh").tile);
  });

  it("has its own words where translated and English elsewhere, with the host and the time in the request line", () => {
    expect(storeLabels("fr-CA").requestSent("Maria", "29 nov., 13:00")).toBe(
      "Demande envoyée — Maria répondra d'ici 29 nov., 13:00",
    );
    expect(storeLabels("de").statuses.confirmed).toBe("Bestätigt");
    expect(storeLabels("ja").cardNumber).toBe(copy.guestStore.cardNumber);
    expect(storeLabels("en")).toEqual(copy.guestStore);
  });
});
