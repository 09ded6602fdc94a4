import { copy } from "@doorstep/shared/copy";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { draftFromTemplate } from "./editor-draft.ts";

const state = vi.hoisted(() => ({ machineTranslation: false }));
vi.mock("../../../lib/config.ts", () => ({
  useConfig: () => ({ data: { machineTranslation: state.machineTranslation } }),
}));
// The rich-text editor is not what these tests are about.
vi.mock("./rich-text-editor.tsx", () => ({ RichTextEditor: () => null }));
const { EditorTexts } = await import("./editor-texts.tsx");

function renderFrench() {
  const draft = draftFromTemplate(null, ["fr"]);
  draft.en = { ...draft.en, title: "Wi-Fi", detailText: "<p>The router is in the hall.</p>" };
  render(<EditorTexts language="fr" draft={draft} template={null} onChange={() => undefined} />);
}

describe("the translation hint", () => {
  it("says what is not switched on and what the host can do, with no word of servers or settings", () => {
    state.machineTranslation = false;
    renderFrench();
    const hint = screen.getByText(copy.content.translationHint("French", false));
    expect(hint).toHaveTextContent(
      "Automatic translation is not switched on. Write the French yourself, or leave it blank and guests see English marked as such.",
    );
    expect(hint.textContent).not.toMatch(/server|administrator|setting|TRANSLATE_PROVIDER/i);
  });

  it("shows the English beside each field being translated", () => {
    state.machineTranslation = false;
    renderFrench();
    const originals = document.querySelectorAll(".editor__original");
    // The title and the text (the rich-text editor itself is mocked out here).
    expect(originals).toHaveLength(2);
    expect(originals[0]).toHaveTextContent(`${copy.content.englishOriginal}Wi-Fi`);
    expect(originals[0]).toHaveAttribute("lang", "en");
    expect(originals[1]).toHaveTextContent("The router is in the hall.");
  });

  it("promises an automatic translation only when a provider is configured", () => {
    state.machineTranslation = true;
    renderFrench();
    expect(screen.getByText(copy.content.translationHint("French", true))).toBeInTheDocument();
    expect(screen.getByText(/automatic translation/)).toBeInTheDocument();
  });

  it("shows no hint on the English tab", () => {
    render(
      <EditorTexts language="en" draft={draftFromTemplate(null, ["fr"])} template={null} onChange={() => undefined} />,
    );
    expect(screen.queryByText(/translation/)).toBeNull();
    expect(document.querySelector(".editor__original")).toBeNull();
  });
});
