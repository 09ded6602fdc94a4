import { copy } from "@doorstep/shared/copy";
import { UpdateProfileRequest } from "@doorstep/shared/schemas/profile";
import { ClearablePhoneNumber } from "@doorstep/shared/schemas/phone";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PhoneItem } from "./phone-field.tsx";

const p = copy.phone;
const title = copy.profile.tel;
const editButton = () => screen.getByRole("button", { name: `${copy.common.edit} ${title}` });
const saveButton = () => screen.getByRole("button", { name: `${copy.common.save} ${title}` });

describe("PhoneItem: a phone number with its country chooser (AUTH-40/41, MGR-08)", () => {
  it("reads the number in the chosen country, refuses letters in words and saves E.164", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    render(
      <PhoneItem title={title} value={null} schema={UpdateProfileRequest.shape.tel} defaultCountry="GB" save={save} />,
    );
    await user.click(editButton());
    expect(screen.getByLabelText(p.country)).toHaveValue("GB");
    const number = screen.getByLabelText(p.number);
    await user.type(number, "abc");
    expect(screen.getByText(p.noDigits)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.clear(number);
    await user.type(number, "020 7946 0958");
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expect(save).toHaveBeenCalledWith("+442079460958");
  });

  it("shows a stored E.164 number for reading, and opens on its own country", async () => {
    const user = userEvent.setup();
    render(
      <PhoneItem
        title={title}
        value="+351912345678"
        schema={UpdateProfileRequest.shape.tel}
        defaultCountry="GB"
        save={() => Promise.resolve()}
      />,
    );
    expect(screen.getByText("+351 912 345 678")).toBeInTheDocument();
    await user.click(editButton());
    expect(screen.getByLabelText(p.country)).toHaveValue("PT");
    expect(screen.getByLabelText(p.number)).toHaveValue("912 345 678");
  });

  it("shows a number saved before numbers were checked as stored, and says why", async () => {
    const user = userEvent.setup();
    render(<PhoneItem title={title} value="abc" schema={ClearablePhoneNumber} save={() => Promise.resolve()} />);
    expect(screen.getByText("abc")).toBeInTheDocument();
    await user.click(editButton());
    expect(screen.getByLabelText(p.number)).toHaveValue("abc");
    expect(screen.getByText(p.storedAsIs)).toBeInTheDocument();
  });
});
