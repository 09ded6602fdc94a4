import { describe, expect, it } from "vitest";
import {
  draftFromTemplate,
  newSubItem,
  snapshot,
  subItemActions,
  translationActions,
  updateRequest,
} from "./editor-draft.ts";

describe("editor draft → one save request (CONT-24/28/29)", () => {
  it("creates only non-blank translations and deletes an emptied stored one (CONT-28)", () => {
    const draft = draftFromTemplate(null, ["fr", "de", "es"]);
    draft.translations.fr = { ...draft.translations.fr!, title: "Bonjour" };
    draft.translations.de = { ...draft.translations.de!, stored: true, detailText: "<p></p>" };
    expect(translationActions(draft)).toEqual([
      {
        language: "fr",
        action: "create",
        title: "Bonjour",
        detailText: null,
        describe: null,
        locate: null,
        operate: null,
      },
      { language: "de", action: "delete" },
    ]);
  });

  it("sends deletes, then every sub-item with its rank in the draft's order (CONT-29)", () => {
    const draft = draftFromTemplate(null, []);
    const stored = { ...newSubItem("button"), id: "5b0c7d2e-8a4c-4d67-9d7a-2f1c3b4a5e6f", buttonLabel: "Map" };
    draft.subItems = [{ ...newSubItem("text"), detailText: " Hello " }, stored];
    draft.deletedSubItemIds = ["0d6a1f2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b"];
    expect(subItemActions(draft)).toEqual([
      { action: "delete", id: "0d6a1f2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b" },
      expect.objectContaining({ action: "create", type: "text", listRank: 1, detailText: "Hello", buttonLabel: null }),
      expect.objectContaining({
        action: "update",
        id: stored.id,
        type: "button",
        listRank: 2,
        buttonLabel: "Map",
        detailText: null,
      }),
    ]);
  });

  it("stores blank rich text as empty, sends the opened version, and a chosen file makes the draft dirty", () => {
    const draft = draftFromTemplate(null, []);
    draft.en = { ...draft.en, title: " Parking ", detailText: "<p></p>" };
    expect(updateRequest(draft, 3)).toMatchObject({
      title: "Parking",
      detailText: "",
      expectedVersion: 3,
      webLink: null,
    });
    const before = snapshot(draft);
    draft.image = { ...draft.image, file: new File(["x"], "a.png", { type: "image/png" }) };
    expect(snapshot(draft)).not.toBe(before);
  });
});
