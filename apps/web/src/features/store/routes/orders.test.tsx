import { copy } from "@doorstep/shared/copy";
import type { OrderDto } from "@doorstep/shared/schemas/store";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const o = copy.orders;
const state = vi.hoisted(() => ({
  orders: [] as OrderDto[],
  actions: [] as unknown[],
}));
vi.mock("../api/orders.ts", () => ({
  useOrders: () => ({ isPending: false, isError: false, data: { orders: state.orders, pendingCount: 1 } }),
  useRevenue: () => ({
    isPending: false,
    isError: false,
    data: {
      rows: [
        { month: "2026-11", offerId: "o1", offerTitle: "Late check-out", currency: "gbp", orders: 2, amount: 6000 },
      ],
    },
  }),
  useOrderAction: () => ({
    isPending: false,
    isError: false,
    mutate: (action: unknown, options?: { onSuccess?: () => void }) => {
      state.actions.push(action);
      options?.onSuccess?.();
    },
  }),
}));
const { OrdersPage } = await import("./orders.tsx");

function order(fields: Partial<OrderDto>): OrderDto {
  return {
    id: "a1",
    status: "pending",
    payment: "authorised",
    offerId: "o1",
    offerType: "late-check-out",
    offerTitle: "Late check-out",
    slotTime: "13:00",
    quantity: 1,
    amount: 3000,
    refundedAmount: 0,
    currency: "gbp",
    stayId: "s1",
    guestName: "Ana Lopez",
    propertyId: "harbour",
    propertyTitle: "Harbour Loft",
    checkIn: "2026-11-27 15:00",
    checkOut: "2026-11-29 11:00",
    deadlineAt: "2026-11-29T10:00:00.000Z",
    adjacentNight: "free",
    hostNote: null,
    createdAt: "2026-11-28T10:00:00.000Z",
    ...fields,
  };
}

afterEach(() => {
  state.orders = [];
  state.actions = [];
});

describe("/orders", () => {
  it("shows a pending request with Approve and Decline, and a paid one with Refund", () => {
    state.orders = [order({}), order({ id: "b2", status: "confirmed", payment: "captured", guestName: "Ben Ray" })];
    render(<OrdersPage />);
    const pending = screen.getByRole("listitem", { name: "Late check-out, Ana Lopez" });
    expect(pending).toHaveTextContent("£30.00");
    expect(pending).toHaveTextContent(o.statuses.pending);
    fireEvent.click(within(pending).getByRole("button", { name: o.approve }));
    expect(state.actions).toEqual([{ kind: "approve", orderId: "a1" }]);
    const paid = screen.getByRole("listitem", { name: "Late check-out, Ben Ray" });
    expect(within(paid).queryByRole("button", { name: o.approve })).toBeNull();
    expect(within(paid).getByRole("button", { name: o.refund })).toBeInTheDocument();
  });

  it("tells the host whether the night next to an early or late request is free", () => {
    state.orders = [
      order({}),
      order({ id: "b2", offerType: "early-check-in", offerTitle: "Early check-in", adjacentNight: "taken" }),
      order({ id: "c3", status: "confirmed", payment: "captured", guestName: "Ben Ray", adjacentNight: null }),
    ];
    render(<OrdersPage />);
    expect(screen.getByRole("listitem", { name: "Late check-out, Ana Lopez" })).toHaveTextContent(
      o.nightFree["late-check-out"],
    );
    expect(screen.getByRole("listitem", { name: "Early check-in, Ana Lopez" })).toHaveTextContent(
      o.nightTaken["early-check-in"],
    );
    const paid = screen.getByRole("listitem", { name: "Late check-out, Ben Ray" });
    expect(paid).not.toHaveTextContent(o.nightFree["late-check-out"]);
  });

  it("declines with a note to the guest, and refunds part of a paid order", () => {
    state.orders = [order({}), order({ id: "b2", status: "confirmed", payment: "captured", guestName: "Ben Ray" })];
    render(<OrdersPage />);
    fireEvent.click(screen.getByRole("button", { name: o.decline }));
    fireEvent.change(screen.getByLabelText(o.declineNote), { target: { value: "Cleaners at 12" } });
    fireEvent.click(screen.getByRole("button", { name: o.declineConfirm }));
    fireEvent.click(screen.getByRole("button", { name: o.refund }));
    const amount = screen.getByLabelText(o.refundAmount);
    expect(amount).toHaveValue("30.00");
    fireEvent.change(amount, { target: { value: "10" } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: o.refundConfirm }));
    expect(state.actions).toEqual([
      { kind: "decline", orderId: "a1", note: "Cleaners at 12" },
      { kind: "refund", orderId: "b2", amount: 1000 },
    ]);
  });

  it("shows revenue per month and offer with the CSV download", () => {
    render(<OrdersPage />);
    expect(screen.getByText(o.none)).toBeInTheDocument();
    const table = screen.getByRole("table");
    expect(within(table).getByRole("row", { name: /2026-11 Late check-out 2 £60.00/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: o.downloadCsv })).toHaveAttribute("href", "/api/orders/revenue.csv");
  });
});
