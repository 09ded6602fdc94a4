import { copy } from "@doorstep/shared/copy";
import type { PublicConfig } from "@doorstep/shared/schemas/config";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { configQueryKey } from "../../../../lib/config.ts";
import { CardForm } from "./card-form.tsx";
import type { CardFormHandle } from "./card-form-types.ts";
import { caretAfterDigits, formatExpiry, groupCardNumber } from "./format-card-input.ts";
import { parseLocalCard } from "./parse-local-card.ts";

const b = copy.billing;

function withConfig(payments: PublicConfig["payments"]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(configQueryKey, { payments } as PublicConfig);
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("CardForm (BILL-19, docs/architecture.md §6)", () => {
  it("shows the local test-mode fields, the test cards and the brand marks when no publishable key is configured", async () => {
    const onReadyChange = vi.fn();
    render(<CardForm onReadyChange={onReadyChange} />, {
      wrapper: withConfig({ gateway: "local", stripePublishableKey: null }),
    });

    expect(screen.getByRole("complementary", { name: b.testModeTitle })).toHaveTextContent(b.localTestMode);
    expect(screen.getByText("4242 4242 4242 4242")).toBeInTheDocument();
    expect(screen.getByText("4000 0000 0000 0002")).toBeInTheDocument();
    for (const brand of ["Visa", "Mastercard", "American Express"]) expect(screen.getByText(brand)).toBeInTheDocument();
    expect(onReadyChange).toHaveBeenLastCalledWith(false);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(b.cardNumber), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText(b.cardExpiry), "12/34");
    expect(onReadyChange).toHaveBeenLastCalledWith(false);
    await user.type(screen.getByLabelText(b.cardCvc), "123");
    expect(onReadyChange).toHaveBeenLastCalledWith(true);
  });

  it("shows a card error under the fields", () => {
    render(<CardForm onReadyChange={() => {}} error={b.cardDeclined} />, {
      wrapper: withConfig({ gateway: "local", stripePublishableKey: null }),
    });
    expect(screen.getByRole("alert")).toHaveTextContent(b.cardDeclined);
  });
});

describe("card fields as typed (local gateway)", () => {
  const local = () => withConfig({ gateway: "local", stripePublishableKey: null });

  it("groups the number in fours and puts in the expiry's slash while typing; Backspace gets past the slash", async () => {
    render(<CardForm onReadyChange={() => {}} />, { wrapper: local() });
    const user = userEvent.setup();
    const number = screen.getByLabelText(b.cardNumber);
    await user.type(number, "4242424242424242");
    expect(number).toHaveValue("4242 4242 4242 4242");
    await user.type(number, "{backspace}{backspace}{backspace}{backspace}{backspace}");
    expect(number).toHaveValue("4242 4242 424");
    // A digit typed in the middle regroups the rest and keeps the caret right after it.
    await user.type(number, "9", { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(number).toHaveValue("4294 2424 2424");
    expect((number as HTMLInputElement).selectionStart).toBe(3);
    const expiry = screen.getByLabelText(b.cardExpiry);
    await user.type(expiry, "12");
    expect(expiry).toHaveValue("12/");
    await user.type(expiry, "34");
    expect(expiry).toHaveValue("12/34");
    await user.type(expiry, "{backspace}{backspace}{backspace}");
    expect(expiry).toHaveValue("12");
    await user.clear(expiry);
    await user.type(expiry, "7");
    expect(expiry).toHaveValue("07/");
  });

  it("keeps the number and expiry after a failure and clears only the CVC", async () => {
    const ref = createRef<CardFormHandle>();
    render(<CardForm ref={ref} onReadyChange={() => {}} error={b.cardDeclined} />, { wrapper: local() });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(b.cardNumber), "4000000000000002");
    await user.type(screen.getByLabelText(b.cardExpiry), "1234");
    await user.type(screen.getByLabelText(b.cardCvc), "123");
    act(() => ref.current?.clearAfterFailure());
    expect(screen.getByLabelText(b.cardNumber)).toHaveValue("4000 0000 0000 0002");
    expect(screen.getByLabelText(b.cardExpiry)).toHaveValue("12/34");
    expect(screen.getByLabelText(b.cardCvc)).toHaveValue("");
  });

  it("formats pasted and edited values", () => {
    expect(groupCardNumber("4242-4242 42424242")).toBe("4242 4242 4242 4242");
    expect(groupCardNumber("6011 0009 9013 9424 1234 9")).toBe("6011 0009 9013 9424 123");
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("4242 4242", 5)).toBe(6);
    expect(formatExpiry("1/", false)).toBe("01/");
    expect(formatExpiry("04/2030", false)).toBe("04/2030");
    expect(formatExpiry("12/", true)).toBe("12/");
    expect(formatExpiry("12", true)).toBe("12");
    expect(formatExpiry("12", false)).toBe("12/");
  });
});

describe("parseLocalCard", () => {
  it("reads MM/YY and MM/YYYY and strips spaces from the number", () => {
    expect(parseLocalCard({ number: "4242 4242 4242 4242", expiry: "04/30", cvc: "123" }).card).toEqual({
      number: "4242424242424242",
      expMonth: 4,
      expYear: 2030,
      cvc: "123",
    });
    expect(parseLocalCard({ number: "4242424242424242", expiry: "4 / 2031", cvc: "1234" }).card?.expYear).toBe(2031);
  });

  it("says which fields are not complete", () => {
    const parsed = parseLocalCard({ number: "4242", expiry: "13/30", cvc: "1" });
    expect(parsed.card).toBeNull();
    expect(parsed.errors).toEqual({ number: true, expiry: true, cvc: true });
  });
});
