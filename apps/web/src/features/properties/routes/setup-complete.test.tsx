import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

const property = vi.hoisted(() => ({ current: {} as Partial<PropertyDto> }));
vi.mock("../../../api/properties/get-property.ts", () => ({
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
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/property/sea/setup-complete"]}>
        <Routes>
          <Route path="/property/:propertyId/setup-complete" element={<SetupCompletePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
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

  afterEach(() => vi.unstubAllGlobals());

  it("a draft is published from here: Publish saves published true (decision 020)", async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderPage({ live: false, published: false, inactiveReason: "hidden" });
    await userEvent.setup().click(screen.getByRole("button", { name: copy.properties.publish }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(patch?.[0]).toBe("/api/properties/sea");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ published: true });
  });
});
