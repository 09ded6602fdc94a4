import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { What3wordsItem } from "./what3words-item.tsx";

const property = { propertyId: "seaside", what3words: null, showWhat3words: false } as unknown as PropertyDto;

function renderItem(configured: boolean, value: PropertyDto = property) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <What3wordsItem property={value} configured={configured} />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("What3wordsItem (SETUP-14)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Words not found' on 404 and keeps the typed words; a found address is saved as the service spells it", async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith("/api/what3words?words=wrong.words.here"))
        return Promise.resolve(json(404, { error: { code: "WORDS_NOT_FOUND", message: "nope" } }));
      if (url.startsWith("/api/what3words"))
        return Promise.resolve(
          json(200, { words: "filled.count.soap", nearestPlace: "Bayswater", country: "GB", lat: 51.52, lng: -0.2 }),
        );
      if (init?.method === "PATCH") return Promise.resolve(new Response(null, { status: 204 }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderItem(true);

    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.basicSetup.what3words}` }));
    const save = screen.getByRole("button", { name: `${copy.common.save} ${copy.basicSetup.what3words}` });
    expect(save).toBeDisabled();
    const input = screen.getByLabelText(copy.basicSetup.what3words);
    await user.type(input, "wrong.words.here");
    await user.click(save);
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.basicSetup.wordsNotFound);
    expect(input).toHaveValue("wrong.words.here");

    await user.clear(input);
    await user.type(input, "///Filled.Count.Soap");
    await user.click(save);
    await screen.findByRole("button", { name: `${copy.common.edit} ${copy.basicSetup.what3words}` });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(patch?.[0]).toBe("/api/properties/seaside");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ what3words: "filled.count.soap" });
  });

  it("without a key explains it and offers no editor", () => {
    renderItem(false, { ...property, what3words: "filled.count.soap" });
    expect(screen.getByText(copy.basicSetup.what3wordsNotConfigured)).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: `${copy.common.edit} ${copy.basicSetup.what3words}` }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: copy.basicSetup.showWhat3words })).not.toBeChecked();
  });
});
