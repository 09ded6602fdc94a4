import { copy } from "@doorstep/shared/copy";
import type { StayLinkDto } from "@doorstep/shared/schemas/stay-links";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GuestLink } from "./guest-link.tsx";

const c = copy.stayLink;
const stay = { id: "s1", status: "confirmed", guestEmail: "ana@example.com" } as StayDto;
const link = (over: Partial<StayLinkDto> = {}): StayLinkDto => ({
  url: "https://doorstep.example/s/OLDTOKENOLDTOKENOLDTOKENOLDTOKEN",
  openedCount: 0,
  firstOpenedAt: null,
  lastOpenedAt: null,
  releasedAt: null,
  revealAt: "2999-01-01T00:00:00.000Z",
  endAt: "2999-01-05T00:00:00.000Z",
  active: true,
  ...over,
});
const json = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }));

function renderBlock(s: StayDto, onDone = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GuestLink stay={s} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe("GuestLink: the stay's Guest link block", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the link, its QR download and 'Not opened yet'; 'New link' asks first, then shows the new one", async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? json(link({ url: "https://doorstep.example/s/NEWTOKENNEWTOKENNEWTOKENNEWTOKEN" }))
        : json(link()),
    );
    vi.stubGlobal("fetch", fetchMock);
    const onDone = renderBlock(stay);
    expect(await screen.findByText(link().url)).toBeInTheDocument();
    expect(screen.getByText(c.notOpened)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: c.downloadQr })).toHaveAttribute("href", "/api/stays/s1/link/qr.png");
    // Not revealed yet: the host may show the details now.
    expect(screen.getByRole("button", { name: c.showNow })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: c.newLink }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(c.newLinkConfirm)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: c.newLinkConfirmButton }));
    expect(await screen.findByText("https://doorstep.example/s/NEWTOKENNEWTOKENNEWTOKENNEWTOKEN")).toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([, init]) => init?.method === "POST")?.[0]).toBe("/api/stays/s1/link");
    expect(onDone).toHaveBeenCalledWith(c.newLinkDone);
  });

  it("says when it was opened, and cannot send without the guest's email", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() =>
        json(link({ openedCount: 3, lastOpenedAt: "2026-11-28T09:30:00.000Z", revealAt: "2000-01-01T00:00:00.000Z" })),
      ),
    );
    renderBlock({ ...stay, guestEmail: null });
    expect(await screen.findByText(/^Opened .*, 3 times$/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: c.send })).toBeDisabled();
    expect(screen.queryByRole("button", { name: c.showNow })).not.toBeInTheDocument();
  });
});
