import { copy } from "@doorstep/shared/copy";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RichTextEditor } from "./rich-text-editor.tsx";

const t = copy.content.toolbar;

describe("the rich-text toolbar", () => {
  it("keeps the focus in the text when a format button is pressed with a pointer", async () => {
    render(<RichTextEditor label="Text" value="<p>Hello</p>" onChange={() => undefined} />);
    for (const name of [t.heading, t.bold, t.italic, t.underline, t.bulletList, t.orderedList]) {
      const button = await screen.findByRole("button", { name });
      // fireEvent returns false when the handler cancelled the default: the browser's focus move.
      expect(fireEvent.mouseDown(button), name).toBe(false);
    }
  });
});
