import { copy } from "@doorstep/shared/copy";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoginPage } from "./login.tsx";

function Wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

function errorResponse(status: number, code: string) {
  return new Response(JSON.stringify({ error: { code, message: code } }), { status });
}

describe("LoginPage (AUTH-01…06)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refuses a blocked email domain without calling the server (AUTH-05)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: Wrapper });
    await user.type(screen.getByLabelText(copy.login.email), "someone@mailinator.com");
    await user.type(screen.getByLabelText(copy.login.password), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(screen.getByRole("alert")).toHaveTextContent(copy.errors.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();

    // AUTH-06: any change clears the error.
    await user.type(screen.getByLabelText(copy.login.password), "x");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("does not submit while the honeypot is filled (AUTH-04)", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    const { container } = render(<LoginPage />, { wrapper: Wrapper });
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    await user.type(honeypot as HTMLInputElement, "http://spam.example");
    await user.type(screen.getByLabelText(copy.login.email), "ann@example.com");
    await user.type(screen.getByLabelText(copy.login.password), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the copy for an unknown email and for a wrong password (AUTH-08)", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(errorResponse(404, "USER_NOT_FOUND"))
      .mockResolvedValueOnce(errorResponse(401, "WRONG_PASSWORD"))
      .mockResolvedValueOnce(errorResponse(429, "RATE_LIMITED"));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render(<LoginPage />, { wrapper: Wrapper });
    await user.type(screen.getByLabelText(copy.login.email), "ann@example.com");
    await user.type(screen.getByLabelText(copy.login.password), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.errors.userNotFound);
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(await screen.findByText(copy.errors.wrongPassword)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(await screen.findByText(copy.common.tooManyRequests)).toBeInTheDocument();
  });

  it("uses the affiliate variant of the not-found copy when sent from an affiliate page (AFF-18, XCUT-26)", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValueOnce(errorResponse(404, "USER_NOT_FOUND")));
    const user = userEvent.setup();
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={["/login?next=%2Faffiliate-stats"]}>
          <LoginPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(copy.login.email), "ann@example.com");
    await user.type(screen.getByLabelText(copy.login.password), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: copy.login.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Sorry, we could not find a user with this email address. Please try again.",
    );
  });
});
