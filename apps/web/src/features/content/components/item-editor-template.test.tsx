import { copy } from "@doorstep/shared/copy";
import type { ContentItemDto, CreateContentItemRequest, TemplateDto } from "@doorstep/shared/schemas/content";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ItemEditor } from "./item-editor.tsx";

// Decision 023: a template's samples are grey examples; bracketed text is flagged and confirmed before saving.
const sent = vi.hoisted(() => ({ bodies: [] as unknown[] }));
vi.mock("../api/save-content-item.ts", () => ({
  createContentItem: (_propertyId: string, body: object) => {
    sent.bodies.push(body);
    return Promise.resolve({
      ...body,
      id: "0b7f4a52-9c1e-4d8e-a9a4-8c6c1f0e2a11",
      contentVersion: 1,
      imageUrl: null,
      videoUrl: null,
      documentUrl: null,
      translations: [],
      subItems: [],
    } as unknown as ContentItemDto);
  },
  updateContentItem: vi.fn(),
  uploadContentMedia: vi.fn(),
  removeContentMedia: vi.fn(),
}));

const c = copy.content;
const template: TemplateDto = {
  label: "key-access",
  categoryLabel: "arrival",
  description: null,
  labels: {
    title: "Title",
    describe: "How guests get in",
    locate: "Where the key or keypad is",
    operate: "Step by step",
    webLink: "Web link",
    media: "Photo, video or PDF",
    featured: "Featured",
  },
  isRequired: true,
  showTitle: true,
  showWebLink: true,
  showMedia: true,
  showFeatured: true,
  defaults: {
    title: "Keys & door access",
    detailText: "<p>The code is sent on the morning of <strong>arrival</strong>.</p>",
    describe: "A key safe holds the front-door key.",
    locate: "To the right of the front door, at waist height.",
    operate: "Enter the code [code] sent in your booking message.",
    webLink: null,
    imageUrl: null,
  },
  listRank: 3,
  theme: "str",
};

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const element = (
    <ItemEditor
      propertyId="seaside"
      categoryLabel="arrival"
      isShared={false}
      languages={[]}
      target={{ itemId: null, template }}
      onClose={() => undefined}
    />
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sent.bodies = [];
});

describe("an item made from a template", () => {
  it("shows the samples as placeholders, pre-fills only the title, and saves only what the host typed", async () => {
    renderEditor();
    const editor = screen.getByRole("dialog", { name: `${c.add} Keys & door access` });
    expect(within(editor).getByLabelText("Title")).toHaveValue("Keys & door access");
    const operate = within(editor).getByLabelText("Step by step");
    expect(operate).toHaveValue("");
    expect(operate).toHaveAttribute("placeholder", template.defaults.operate);
    expect(within(editor).getByLabelText("Where the key or keypad is")).toHaveAttribute(
      "placeholder",
      template.defaults.locate,
    );
    expect(within(editor).getByRole("textbox", { name: c.textLabel })).toHaveAttribute(
      "aria-placeholder",
      "The code is sent on the morning of arrival.",
    );
    expect(within(editor).getByText(c.sampleHint)).toBeInTheDocument();
    expect(within(editor).getByText(c.notShownNothingWritten)).toBeInTheDocument();

    fireEvent.change(within(editor).getByLabelText("How guests get in"), { target: { value: "A grey key safe" } });
    expect(within(editor).queryByText(c.notShownNothingWritten)).toBeNull();
    fireEvent.click(within(editor).getByRole("button", { name: c.save }));
    await waitFor(() => expect(sent.bodies).toHaveLength(1));
    expect(sent.bodies[0]).toMatchObject({
      templateLabel: "key-access",
      title: "Keys & door access",
      detailText: "",
      describe: "A grey key safe",
      locate: null,
      operate: null,
      webLink: null,
    } satisfies Partial<CreateContentItemRequest>);
  });

  it("flags [bracketed] text under its field and asks before saving it", async () => {
    renderEditor();
    const editor = screen.getByRole("dialog", { name: `${c.add} Keys & door access` });
    fireEvent.change(within(editor).getByLabelText("Step by step"), { target: { value: "Enter [code], then pull" } });
    expect(within(editor).getByText(c.placeholdersFound("Step by step", ["[code]"]))).toHaveAttribute("role", "status");

    fireEvent.click(within(editor).getByRole("button", { name: c.save }));
    const ask = screen.getByRole("dialog", { name: c.placeholdersConfirmTitle });
    // "[code]" is the template's own blank: the item stays out of the guide until it is replaced.
    expect(ask).toHaveTextContent(c.placeholdersConfirm(["[code]"], true));
    fireEvent.click(within(ask).getByRole("button", { name: c.backToEditing }));
    expect(screen.queryByRole("dialog", { name: c.placeholdersConfirmTitle })).toBeNull();
    expect(sent.bodies).toHaveLength(0);

    fireEvent.click(within(editor).getByRole("button", { name: c.save }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: c.placeholdersConfirmTitle })).getByRole("button", {
        name: c.saveAnyway,
      }),
    );
    await waitFor(() => expect(sent.bodies).toHaveLength(1));
    expect(sent.bodies[0]).toMatchObject({ operate: "Enter [code], then pull" });
  });
});
