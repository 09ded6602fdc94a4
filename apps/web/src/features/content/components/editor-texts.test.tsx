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
  render(<EditorTexts language="fr" draft={draft} template={null} onChange={() => undefined} />);
}

describe("the translation hint", () => {
  it("says plainly that blank fields show the English text when the server has no machine translation", () => {
    state.machineTranslation = false;
    renderFrench();
    expect(screen.getByText(copy.content.translationHint("French", false))).toBeInTheDocument();
    expect(screen.getByText(/see the English text/)).toBeInTheDocument();
    expect(screen.getByText(/TRANSLATE_PROVIDER/)).toBeInTheDocument();
    expect(screen.queryByText(/automatic translation/)).toBeNull();
  });

  it("promises an automatic translation only when a provider is configured", () => {
    state.machineTranslation = true;
    renderFrench();
    expect(screen.getByText(copy.content.translationHint("French", true))).toBeInTheDocument();
    expect(screen.getByText(/automatic translation/)).toBeInTheDocument();
    expect(screen.queryByText(/TRANSLATE_PROVIDER/)).toBeNull();
  });

  it("shows no hint on the English tab", () => {
    render(
      <EditorTexts language="en" draft={draftFromTemplate(null, ["fr"])} template={null} onChange={() => undefined} />,
    );
    expect(screen.queryByText(/translation/)).toBeNull();
  });
});
