import { copy } from "@doorstep/shared/copy";
import type { ContentItemDto } from "@doorstep/shared/schemas/content";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toast, TOAST_MS, useToast } from "../../../components/ui/toast.tsx";
import { ItemEditor } from "./item-editor.tsx";

const created = vi.hoisted(() => ({ calls: 0 }));
vi.mock("../api/save-content-item.ts", () => ({
  createContentItem: (_propertyId: string, body: { title: string }) => {
    created.calls += 1;
    return Promise.resolve({
      id: "0b7f4a52-9c1e-4d8e-a9a4-8c6c1f0e2a11",
      title: body.title,
      contentVersion: 1,
      translations: [],
      subItems: [],
    } as unknown as ContentItemDto);
  },
  updateContentItem: vi.fn(),
  uploadContentMedia: vi.fn(),
  removeContentMedia: vi.fn(),
}));

/** The category page's use of the editor: open, save, confirmation in the page's live region. */
function Page() {
  const [open, setOpen] = useState(true);
  const toast = useToast();
  return (
    <>
      {open ? (
        <ItemEditor
          propertyId="seaside"
          categoryLabel="arrival"
          isShared={false}
          languages={[]}
          target={{ itemId: null, template: null }}
          onClose={() => setOpen(false)}
          onSaved={(title) => toast.show(copy.content.itemSaved(title))}
        />
      ) : null}
      <Toast message={toast.message} />
    </>
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element: <Page /> }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("content editor save confirmation", () => {
  it("announces each saved item in a status region after the editor closes, then clears it", async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText(copy.content.titleLabel), { target: { value: "Door code" } });
    fireEvent.click(screen.getByRole("button", { name: copy.content.save }));
    const status = screen.getByRole("status");
    await waitFor(() => expect(status).toHaveTextContent(copy.content.itemSaved("Door code")));
    expect(created.calls).toBe(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("hides the confirmation after 3 s and shows the next one afresh", () => {
    vi.useFakeTimers();
    function Harness() {
      const toast = useToast();
      return (
        <>
          <button onClick={() => toast.show("Saved “Wi-Fi”")}>save</button>
          <Toast message={toast.message} />
        </>
      );
    }
    render(<Harness />);
    fireEvent.click(screen.getByRole("button", { name: "save" }));
    expect(screen.getByRole("status")).toHaveTextContent("Saved “Wi-Fi”");
    act(() => vi.advanceTimersByTime(TOAST_MS - 1));
    expect(screen.getByRole("status")).toHaveTextContent("Saved “Wi-Fi”");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
