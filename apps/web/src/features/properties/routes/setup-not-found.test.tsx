import { copy } from "@doorstep/shared/copy";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SetupBasicsPage } from "./setup-basics.tsx";
import { SetupCompletePage } from "./setup-complete.tsx";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderAt(path: string, pattern: string, page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={page} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const pages = [
  ["setup-basics", <SetupBasicsPage key="basics" />],
  ["setup-complete", <SetupCompletePage key="complete" />],
] as const;

describe("setup pages for a property that is not the caller's (XCUT-15, PROP-30)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(pages)("%s says the property could not be found on a 404", async (step, page) => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(json(404, { error: { code: "NOT_FOUND", message: "Property not found" } }))),
    );
    renderAt(`/property/someone-elses/${step}`, `/property/:propertyId/${step}`, page);
    expect(await screen.findByRole("heading", { level: 1, name: copy.properties.notFound })).toBeInTheDocument();
  });

  it.each(pages)("%s offers Try again on another failure, which asks again", async (step, page) => {
    // Every answer fails: the property read is trusted, not parsed (decision 017), so a partial body would render.
    const fetchMock = vi.fn().mockResolvedValue(json(500, { error: { code: "INTERNAL", message: "x" } }));
    vi.stubGlobal("fetch", fetchMock);
    renderAt(`/property/sea/${step}`, `/property/:propertyId/${step}`, page);
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.common.genericError);
    await userEvent.setup().click(screen.getByRole("button", { name: copy.common.tryAgain }));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
  });
});
