import { copy } from "@doorstep/shared/copy";
import type { ContentItemSummary } from "@doorstep/shared/schemas/content";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ItemRow } from "./item-row.tsx";

const c = copy.content;
const item: ContentItemSummary = {
  id: "0b7f4a52-9c1e-4d8e-a9a4-8c6c1f0e2a11",
  label: "check-in-time",
  isCustomLabel: false,
  title: "Check-in time",
  categoryLabel: "arrival",
  templateLabel: "check-in-time",
  infoType: "system",
  featured: false,
  restricted: false,
  passwordRestricted: false,
  listRank: 2,
  contentVersion: 1,
  imageUrl: null,
  hasVideo: false,
  hasDocument: false,
  shared: false,
  updatedAt: "2026-11-24T12:00:00.000Z",
};

describe("a suggested item's row (decision 023)", () => {
  it("says why guests do not see it", () => {
    const { rerender } = render(<ItemRow item={item} notShown="nothing-written" />);
    expect(screen.getByText(c.notShownNothingWritten)).toBeInTheDocument();
    rerender(<ItemRow item={item} notShown="placeholders" />);
    expect(screen.getByText(c.notShownPlaceholders)).toBeInTheDocument();
  });

  it("says nothing when guests see it", () => {
    render(<ItemRow item={item} notShown={null} />);
    expect(screen.getByText("Check-in time")).toBeInTheDocument();
    expect(screen.queryByText(/Not shown to guests/)).toBeNull();
  });
});
