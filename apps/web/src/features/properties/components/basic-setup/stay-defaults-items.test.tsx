import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StayDefaultsItems } from "./stay-defaults-items.tsx";

const property = {
  propertyId: "seaside",
  timeZone: "Europe/London",
  timeZoneChosen: false,
  defaultCheckInTime: "15:00",
  defaultCheckOutTime: "11:00",
} as unknown as PropertyDto;
const c = copy.stays.propertyDefaults;

describe("StayDefaultsItems: the property's time zone and default times in Basic Setup", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the zone and times, offers every zone the browser knows, and saves a choice as a PATCH", async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === "PATCH"
        ? Promise.resolve(new Response(null, { status: 204 }))
        : Promise.reject(new Error("unexpected")),
    );
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <StayDefaultsItems property={property} />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Europe/London")).toBeInTheDocument();
    expect(screen.getByText("15:00")).toBeInTheDocument();
    expect(screen.getByText("11:00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${c.timeZone}` }));
    const select = screen.getByLabelText(c.timeZone);
    expect(screen.getByRole("option", { name: "Asia/Tokyo" })).toBeInTheDocument();
    await user.selectOptions(select, "Asia/Tokyo");
    await user.click(screen.getByRole("button", { name: `${copy.common.save} ${c.timeZone}` }));
    await screen.findByRole("button", { name: `${copy.common.edit} ${c.timeZone}` });
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");
    expect(patches[0]?.[0]).toBe("/api/properties/seaside");
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toEqual({ timeZone: "Asia/Tokyo" });

    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${c.defaultCheckInTime}` }));
    const time = screen.getByLabelText(c.defaultCheckInTime);
    await user.clear(time);
    await user.type(time, "16:30");
    await user.click(screen.getByRole("button", { name: `${copy.common.save} ${c.defaultCheckInTime}` }));
    await screen.findByRole("button", { name: `${copy.common.edit} ${c.defaultCheckInTime}` });
    const second = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH")[1];
    expect(JSON.parse(String(second?.[1]?.body))).toEqual({ defaultCheckInTime: "16:30" });
  });
});
