import { act, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useStayListUrl } from "./use-stay-list-url.ts";

function Probe() {
  const url = useStayListUrl();
  return (
    <>
      <label>
        Search
        <input value={url.searchText} onChange={(event) => url.setSearchText(event.target.value)} />
      </label>
      <button type="button" onClick={() => url.setTab("past")}>
        Past
      </button>
      <output>{JSON.stringify(url.params)}</output>
    </>
  );
}

function setUp(entry: string) {
  const router = createMemoryRouter([{ path: "/stays", element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const type = async (text: string) => {
  fireEvent.change(screen.getByLabelText("Search"), { target: { value: text } });
  // The search reaches the address once typing pauses.
  await act(async () => {
    vi.advanceTimersByTime(400);
  });
};

describe("useStayListUrl: the stays list's state lives in the address", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts from the address, box included", () => {
    setUp("/stays?tab=cancelled&property=loft&q=ana");
    expect(screen.getByRole("status").textContent).toBe(
      JSON.stringify({ tab: "cancelled", propertyId: "loft", q: "ana" }),
    );
    expect(screen.getByLabelText("Search")).toHaveValue("ana");
  });

  it("pushes the first search, replaces its refinements, and back and forward restore the box", async () => {
    const router = setUp("/stays");
    await type("an");
    expect(router.state.location.search).toBe("?q=an");
    await type("ana");
    expect(router.state.location.search).toBe("?q=ana");

    // One step back is the unsearched list: the refinement replaced the first search's entry.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("");
    expect(screen.getByLabelText("Search")).toHaveValue("");
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    // The debounce settling on "" must not write the old term back.
    expect(router.state.location.search).toBe("");

    await act(() => router.navigate(1));
    expect(router.state.location.search).toBe("?q=ana");
    expect(screen.getByLabelText("Search")).toHaveValue("ana");
  });

  it("a tab is a history entry of its own and keeps the search", async () => {
    const router = setUp("/stays?q=ana");
    fireEvent.click(screen.getByRole("button", { name: "Past" }));
    expect(router.state.location.search).toBe("?q=ana&tab=past");
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe("?q=ana");
  });
});
