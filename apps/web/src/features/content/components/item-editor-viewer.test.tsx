import { copy } from "@doorstep/shared/copy";
import { ROLE_PERMISSIONS, type Role } from "@doorstep/shared/rules/permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";

const state = vi.hoisted(() => ({ role: "viewer" as string }));
vi.mock("../../../lib/session.ts", () => ({
  useMe: () => ({ data: { user: { permissions: ROLE_PERMISSIONS[state.role as Role] } } }),
}));
vi.mock("../api/save-content-item.ts", () => ({
  createContentItem: vi.fn(),
  updateContentItem: vi.fn(),
  uploadContentMedia: vi.fn(),
  removeContentMedia: vi.fn(),
}));
const { ItemEditor } = await import("./item-editor.tsx");

function renderEditor(role: Role) {
  state.role = role;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const editor = (
    <ItemEditor
      propertyId="seaside"
      categoryLabel="arrival"
      isShared={false}
      languages={[]}
      target={{ itemId: null, template: null }}
      onClose={() => {}}
    />
  );
  const router = createMemoryRouter([{ path: "/", element: editor }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the item editor for a viewer (decision 056)", () => {
  it("shows the fields read-only, with no Save, and Close still works", () => {
    renderEditor("viewer");
    expect(screen.getByLabelText(copy.content.titleLabel)).toBeDisabled();
    expect(screen.getByLabelText(copy.content.what3wordsLabel)).toBeDisabled();
    expect(screen.getByRole("textbox", { name: copy.content.textLabel })).toHaveAttribute("aria-readonly", "true");
    expect(screen.getByRole("textbox", { name: copy.content.textLabel })).toHaveAttribute("contenteditable", "false");
    expect(screen.queryByRole("toolbar")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: copy.content.save })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: copy.content.close })).toBeEnabled();
  });

  it("leaves them editable for an editor", () => {
    renderEditor("editor");
    expect(screen.getByLabelText(copy.content.titleLabel)).toBeEnabled();
    expect(screen.getByRole("textbox", { name: copy.content.textLabel })).toHaveAttribute("contenteditable", "true");
    expect(screen.getByRole("button", { name: copy.content.save })).toBeEnabled();
  });
});
