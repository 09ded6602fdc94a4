import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { createItemViaApi } from "./content-api.ts";

const c = copy.content;

// Decision 023: a suggested item's sample text is an example, never the host's words in the guide.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`a template item saved without typing does not appear in the guide (${viewport.width} px)`, async ({
    loggedInPage: page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    const property = await createLivePropertyViaApi(page.request, "Quay Flat");
    const id = property.propertyId;
    await createItemViaApi(page.request, id, "arrival", "Parking on the quay");
    await page.goto(`/property/${id}/content/arrival`);

    await page.getByRole("button", { name: copy.content.addSuggestedName("Check-in time"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add Check-in time" });
    await expect(dialog.getByLabel("Title")).toHaveValue("Check-in time");
    const text = dialog.getByRole("textbox", { name: c.textLabel, exact: true });
    await expect(text).toHaveAttribute("aria-placeholder", /Check-in is from \[3 pm\]\./);
    await expect(text).toHaveText("");
    await expect(dialog.getByText(c.notShownNothingWritten)).toBeVisible();
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("region", { name: c.templatesHeading }).getByRole("listitem").filter({
      hasText: "Check-in time",
    });
    await expect(row).toContainText(c.notShownNothingWritten);

    // A guest's own browser (a guide page may be cached by a browser for a minute), at the Arrival section's
    // own address (the guide opens on its home screen otherwise, decision 024).
    const openGuide = async () => {
      const guest = await browser.newPage({ viewport });
      await guest.goto(`${new URL(page.url()).origin}/g/${id}#c-arrival`);
      return guest;
    };
    const first = await openGuide();
    await expect(first.getByRole("heading", { name: "Parking on the quay" })).toBeVisible();
    await expect(first.getByRole("heading", { name: "Check-in time" })).toHaveCount(0);
    await first.close();

    // Bracketed text is flagged and asked about; the host's own words reach the guide.
    await page.goto(`/property/${id}/content/arrival`);
    await page.getByRole("button", { name: "Edit Check-in time", exact: true }).click();
    const editor = page.getByRole("dialog", { name: c.editorEditTitle("Check-in time") });
    const area = editor.getByRole("textbox", { name: c.textLabel, exact: true });
    await area.click();
    await page.keyboard.type("Check-in is from [3 pm].");
    await expect(
      editor.getByRole("status").filter({ hasText: c.placeholdersFound(c.textLabel, ["[3 pm]"]) }),
    ).toBeVisible();
    await editor.getByRole("button", { name: c.save, exact: true }).click();
    const ask = page.getByRole("dialog", { name: c.placeholdersConfirmTitle });
    await ask.getByRole("button", { name: c.backToEditing }).click();
    await expect(ask).toBeHidden();
    await area.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Check-in is from 4 pm.");
    await editor.getByRole("button", { name: c.save, exact: true }).click();
    await expect(editor).toBeHidden();
    await expect(row).not.toContainText(c.notShownNothingWritten);

    const second = await openGuide();
    await expect(second.getByRole("heading", { name: "Check-in time" })).toBeVisible();
    await expect(second.getByText("Check-in is from 4 pm.")).toBeVisible();
    await second.close();
  });
}
