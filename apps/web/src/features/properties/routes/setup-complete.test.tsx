import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";

const property = vi.hoisted(() => ({ current: {} as Partial<PropertyDto> }));
vi.mock("../api/get-property.ts", () => ({
  useProperty: () => ({ isPending: false, isError: false, data: property.current }),
}));
const { SetupCompletePage } = await import("./setup-complete.tsx");

function renderPage(p: Partial<PropertyDto>) {
  property.current = {
    propertyId: "sea",
    title: "Seaside Escape",
    coverImageUrl: null,
    guideUrl: "http://localhost:3000/g/sea",
    ...p,
  };
  render(
    <MemoryRouter initialEntries={["/property/sea/setup-complete"]}>
      <Routes>
        <Route path="/property/:propertyId/setup-complete" element={<SetupCompletePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("setup complete (PROP-38)", () => {
  it('says "{title} is live!" when the guide is live', () => {
    renderPage({ live: true, inactiveReason: null });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(copy.setup.liveTitle("Seaside Escape"));
    expect(screen.getByText(copy.setup.completeIntro)).toBeInTheDocument();
  });

  it.each([
    ["subscription", copy.properties.subscriptionEnded],
    ["deactivated", copy.properties.deactivated],
    ["hidden", copy.properties.hidden],
  ] as const)("never says live when it is not (%s): it says what stops it", (reason, message) => {
    renderPage({ live: false, inactiveReason: reason });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Seaside Escape");
    expect(screen.queryByText(copy.setup.liveTitle("Seaside Escape"))).not.toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
  });
});
