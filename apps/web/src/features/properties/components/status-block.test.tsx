import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StatusBlock } from "./status-block.tsx";

const base = { propertyId: "seaside", title: "Seaside Escape", published: true, live: false } as unknown as PropertyDto;

function renderBlock(property: PropertyDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatusBlock property={property} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("StatusBlock: each inactive reason with its copy and action (PROP-17…20, OPEN-41)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("subscription ended: the seeds' message and Setup now to /subscription", () => {
    renderBlock({ ...base, inactiveReason: "subscription" });
    expect(screen.getByText(copy.properties.subscriptionEnded)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: copy.properties.setupNow })).toHaveAttribute("href", "/subscription");
    expect(screen.getByText(copy.propertyStatus.inactive)).toBeInTheDocument();
  });

  it("deactivated: OPEN-41's message and a way to message us", () => {
    renderBlock({ ...base, inactiveReason: "deactivated" });
    expect(screen.getByText(copy.properties.deactivated)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: copy.properties.messageSupport })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/support\?property=/),
    );
  });

  it("hidden: the seeds' message and Publish, which saves published true", async () => {
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderBlock({ ...base, published: false, inactiveReason: "hidden" });
    expect(screen.getByText(copy.properties.hidden)).toBeInTheDocument();
    expect(screen.getByText(copy.properties.draft)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: copy.properties.publish }));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(patch?.[0]).toBe("/api/properties/seaside");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ published: true });
  });

  it("live: Live, and no action", () => {
    renderBlock({ ...base, live: true, inactiveReason: null });
    expect(screen.getByText(copy.propertyStatus.live)).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
