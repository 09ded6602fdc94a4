import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/set-passcode.ts", () => ({
  useSetPasscode: () => ({ isPending: false, variables: undefined, mutateAsync: vi.fn() }),
}));
const { PasscodeControl } = await import("./passcode-control.tsx");

const property = { propertyId: "seaside", title: "Seaside Escape", passcode: "123456" } as unknown as PropertyDto;

afterEach(() => {
  vi.useRealTimers();
});

describe("passcode error (PROP-24)", () => {
  it("shows under the passcode field, before the buttons, described by it, for 3 s", () => {
    vi.useFakeTimers();
    render(<PasscodeControl property={property} />);
    const input = screen.getByLabelText(copy.properties.newPasscode);
    fireEvent.change(input, { target: { value: "12a" } });
    fireEvent.click(screen.getByRole("button", { name: copy.properties.setPasscode }));
    const error = screen.getByRole("alert");
    expect(error).toHaveTextContent(copy.properties.passcodeError);
    // The field's own error: in the field's container, right after the input, and named by it.
    expect(input.parentElement).toContainElement(error);
    expect(input.nextElementSibling).toBe(error);
    expect(input).toHaveAttribute("aria-describedby", error.id);
    expect(input).toHaveAttribute("aria-invalid", "true");
    const button = screen.getByRole("button", { name: copy.properties.setPasscode });
    expect(error.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid");
  });
});
