import { copy } from "@doorstep/shared/copy";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { createRequest, draftFromTemplate, type ItemDraft } from "./editor-draft.ts";
import { RestrictedCheck } from "./restricted-check.tsx";

const c = copy.stayDetails;

function Harness({ wifi, onDraft }: { wifi: boolean; onDraft: (draft: ItemDraft) => void }) {
  const [draft, setDraft] = useState(() => draftFromTemplate(null, []));
  return (
    <RestrictedCheck
      draft={draft}
      wifi={wifi}
      onChange={(update) =>
        setDraft((d) => {
          const next = update(d);
          onDraft(next);
          return next;
        })
      }
    />
  );
}

describe("RestrictedCheck (decisions 042, 046)", () => {
  it("offers the Wi-Fi password's own tick box on the Wi-Fi item, and sends it", async () => {
    let last: ItemDraft | null = null;
    render(<Harness wifi onDraft={(d) => (last = d)} />);
    const box = screen.getByRole("checkbox", { name: c.passwordRestricted });
    expect(box).not.toBeChecked();
    expect(screen.getByText(c.passwordRestrictedHint)).toBeInTheDocument();
    await userEvent.click(box);
    expect(box).toBeChecked();
    // The whole item stays public: only the password is held back.
    expect(screen.getByRole("checkbox", { name: c.restricted })).not.toBeChecked();
    expect(createRequest(last!, "wifi-and-tech", "wifi")).toMatchObject({
      passwordRestricted: true,
      restricted: false,
    });
  });

  it("has no password tick box on other items", () => {
    render(<Harness wifi={false} onDraft={() => undefined} />);
    expect(screen.getByRole("checkbox", { name: c.restricted })).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: c.passwordRestricted })).not.toBeInTheDocument();
  });
});
