import { copy } from "@doorstep/shared/copy";
import type { ApiKeyDto, CreateApiKeyResponse } from "@doorstep/shared/schemas/api-keys";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../lib/api-client.ts";

const k = copy.apiKeys;
const state = vi.hoisted(() => ({
  items: [] as ApiKeyDto[],
  error: null as unknown,
  created: [] as { name: string }[],
  revoked: [] as string[],
}));
vi.mock("../api/get-api-keys.ts", () => ({
  useApiKeys: () =>
    state.error
      ? { isPending: false, isError: true, error: state.error }
      : { isPending: false, isError: false, data: { items: state.items } },
}));
vi.mock("../api/create-api-key.ts", () => ({
  useCreateApiKey: () => ({
    isPending: false,
    isError: false,
    mutate: (body: { name: string }, options: { onSuccess: (created: CreateApiKeyResponse) => void }) => {
      state.created.push(body);
      options.onSuccess({ key: `dsk_live_${"k".repeat(43)}`, apiKey: key({ name: body.name }) });
    },
  }),
}));
vi.mock("../api/revoke-api-key.ts", () => ({
  useRevokeApiKey: () => ({
    isPending: false,
    isError: false,
    mutate: (id: string, options: { onSuccess: () => void }) => {
      state.revoked.push(id);
      options.onSuccess();
    },
  }),
}));
const { ApiKeysPage } = await import("./api-keys.tsx");

function key(fields: Partial<ApiKeyDto>): ApiKeyDto {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    name: "Hostaway",
    prefix: "dsk_live_AbCdEfGh",
    createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    ...fields,
  };
}

afterEach(() => {
  state.items = [];
  state.error = null;
  state.created = [];
  state.revoked = [];
});

describe("/api-keys", () => {
  it("makes a key from a labelled name and shows it once, read-only, with the warning", async () => {
    render(<ApiKeysPage />);
    expect(screen.getByRole("heading", { level: 1, name: k.title })).toBeTruthy();
    expect(screen.getByRole("link", { name: k.docsLink }).getAttribute("href")).toBe("/api/docs");
    expect(screen.getByText(k.empty)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(k.nameLabel), { target: { value: "Guesty" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: k.create })));
    expect(state.created).toEqual([{ name: "Guesty" }]);
    const field = screen.getByLabelText(k.newKeyLabel) as HTMLTextAreaElement;
    expect(field.value).toBe(`dsk_live_${"k".repeat(43)}`);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(k.shownOnce)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: k.done }));
    expect(screen.queryByLabelText(k.newKeyLabel)).toBeNull();
  });

  it("revokes only after the dialog is confirmed, and offers no revoke for a revoked key", async () => {
    state.items = [
      key({}),
      key({ id: "22222222-2222-4222-8222-222222222222", name: "Old", revokedAt: new Date().toISOString() }),
    ];
    render(<ApiKeysPage />);
    const [, active, revoked] = screen.getAllByRole("row");
    expect(within(active!).getByText("dsk_live_AbCdEfGh…")).toBeTruthy();
    expect(within(active!).getByText(k.neverUsed)).toBeTruthy();
    expect(within(revoked!).getByText(k.revoked, { exact: false })).toBeTruthy();
    expect(within(revoked!).queryByRole("button")).toBeNull();
    fireEvent.click(within(active!).getByRole("button", { name: `${k.revoke} Hostaway` }));
    const dialog = screen.getByRole("dialog", { name: k.revokeTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: k.cancel }));
    expect(state.revoked).toEqual([]);
    fireEvent.click(within(active!).getByRole("button", { name: `${k.revoke} Hostaway` }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: k.revokeConfirm }));
    expect(state.revoked).toEqual(["11111111-1111-4111-8111-111111111111"]);
    expect(screen.getByText(k.revokedNotice("Hostaway"))).toBeTruthy();
  });

  it("tells a team member that only the account owner manages keys", () => {
    state.error = new ApiError("FORBIDDEN", 403, k.ownerOnly);
    render(<ApiKeysPage />);
    expect(screen.getByRole("alert").textContent).toBe(k.ownerOnly);
  });
});
