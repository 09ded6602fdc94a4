import { copy } from "@doorstep/shared/copy";
import type { PublicConfig } from "@doorstep/shared/schemas/config";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { configQueryKey } from "../../../../lib/config.ts";
import { CardForm } from "./card-form.tsx";
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
