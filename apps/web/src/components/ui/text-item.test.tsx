import { copy } from "@doorstep/shared/copy";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TextItem } from "./text-item.tsx";

describe("TextItem (AUTH-40, XCUT-20)", () => {
  it("restores the original value on Cancel", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    render(<TextItem title={copy.profile.firstName} value="Ann" save={save} />);

    expect(screen.getByText("Ann")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.profile.firstName}` }));
    const input = screen.getByLabelText(copy.profile.firstName);
    expect(input).toHaveValue("Ann");
    await user.clear(input);
    await user.type(input, "Bea");
    expect(input).toHaveValue("Bea");

    await user.click(screen.getByRole("button", { name: `${copy.common.cancel} ${copy.profile.firstName}` }));
    expect(screen.queryByLabelText(copy.profile.firstName)).not.toBeInTheDocument();
    expect(screen.getByText("Ann")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.profile.firstName}` }));
    expect(screen.getByLabelText(copy.profile.firstName)).toHaveValue("Ann");
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the placeholder when empty and disables Save for an empty value", async () => {
    const user = userEvent.setup();
    render(<TextItem title={copy.profile.tel} value={null} save={() => Promise.resolve()} />);
    expect(screen.getByText(copy.common.notEntered)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.profile.tel}` }));
    expect(screen.getByRole("button", { name: `${copy.common.save} ${copy.profile.tel}` })).toBeDisabled();
    await user.type(screen.getByLabelText(copy.profile.tel), "   ");
    expect(screen.getByRole("button", { name: `${copy.common.save} ${copy.profile.tel}` })).toBeDisabled();
  });

  it("saves the trimmed value and returns to idle", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    render(<TextItem title={copy.profile.lastName} value={null} save={save} />);
    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.profile.lastName}` }));
    await user.type(screen.getByLabelText(copy.profile.lastName), "  Smith ");
    await user.click(screen.getByRole("button", { name: `${copy.common.save} ${copy.profile.lastName}` }));
    expect(save).toHaveBeenCalledWith("Smith");
    expect(
      await screen.findByRole("button", { name: `${copy.common.edit} ${copy.profile.lastName}` }),
    ).toBeInTheDocument();
  });

  it("shows the save error in an alert and keeps the editor open", async () => {
    const user = userEvent.setup();
    render(<TextItem title={copy.profile.firstName} value="Ann" save={() => Promise.reject(new Error("nope"))} />);
    await user.click(screen.getByRole("button", { name: `${copy.common.edit} ${copy.profile.firstName}` }));
    await user.type(screen.getByLabelText(copy.profile.firstName), "e");
    await user.click(screen.getByRole("button", { name: `${copy.common.save} ${copy.profile.firstName}` }));
    expect(await screen.findByRole("alert")).toHaveTextContent(copy.profile.saveError);
    expect(screen.getByRole("button", { name: `${copy.common.cancel} ${copy.profile.firstName}` })).toBeInTheDocument();
  });
});
