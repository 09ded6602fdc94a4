import { copy } from "@doorstep/shared/copy";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreatePropertyForm } from "./create-property-form.tsx";
import { initialWeblink, weblinkProblemCopy } from "./weblink-problem.ts";

const t = copy.properties;

function Wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderForm(onCreated = vi.fn()) {
  render(
    <CreatePropertyForm
      nameLabel={t.guideName}
      nameHint={t.guideNameHint}
      guideBase="https://example.test/g/"
      onCreated={onCreated}
    />,
    { wrapper: Wrapper },
  );
  return onCreated;
}

describe("weblink rules (PROP-08, PROP-09, OPEN-37)", () => {
  it("suggests from the name, or a random 6-digit id when the name gives nothing usable", () => {
    expect(initialWeblink("Seaside Escape!")).toBe("seaside-escape");
    expect(initialWeblink("!!", () => 0.5)).toBe("550000");
    expect(initialWeblink("ab", () => 0)).toBe("100000");
    expect(initialWeblink("Login", () => 0)).toBe("100000");
  });

  it("maps each form problem to its copy", () => {
    expect(weblinkProblemCopy("Bad Link")).toBe(t.weblinkCharacters);
    expect(weblinkProblemCopy("ab")).toBe(t.weblinkLength);
    expect(weblinkProblemCopy("admin")).toBe(t.weblinkUnavailable);
    expect(weblinkProblemCopy("seaside-escape")).toBeUndefined();
  });
});

describe("CreatePropertyForm (PROP-06…11)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the weblink step with the suggestion, and refuses a bad character without calling the server", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByLabelText(t.weblink)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(t.guideName), "Seaside Escape");
    await user.click(screen.getByRole("button", { name: t.continue }));
    const weblink = screen.getByLabelText(t.weblink);
    expect(weblink).toHaveValue("seaside-escape");
    expect(screen.getByText("https://example.test/g/seaside-escape")).toBeInTheDocument();

    await user.type(weblink, "_X");
    expect(screen.getByText(t.weblinkCharacters)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: t.continue })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a taken weblink reads as unavailable and keeps the typed value; a free one is created", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ available: false }))
      .mockResolvedValueOnce(json({ available: true }))
      .mockResolvedValueOnce(json({ error: { code: "WEBLINK_TAKEN", message: t.weblinkUnavailable } }, 409))
      .mockResolvedValueOnce(json({ available: true }))
      .mockResolvedValueOnce(json({ error: { code: "INTERNAL", message: "boom" } }, 500));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    const onCreated = renderForm();
    await user.type(screen.getByLabelText(t.guideName), "Harbour");
    await user.click(screen.getByRole("button", { name: t.continue }));
    await user.click(screen.getByRole("button", { name: t.continue }));
    expect(await screen.findByRole("alert")).toHaveTextContent(t.weblinkUnavailable);
    expect(screen.getByLabelText(t.weblink)).toHaveValue("harbour");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Available at the check but taken at create (409): the same copy (PROP-11).
    await user.click(screen.getByRole("button", { name: t.continue }));
    expect(await screen.findByRole("alert")).toHaveTextContent(t.weblinkUnavailable);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // Any other failure is generic, and nothing is lost.
    await user.click(screen.getByRole("button", { name: t.continue }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.common.genericError);
    expect(screen.getByLabelText(t.guideName)).toHaveValue("Harbour");
    expect(onCreated).not.toHaveBeenCalled();
  });
});
