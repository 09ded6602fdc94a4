import { copy } from "@doorstep/shared/copy";
import { CategoryPageResponse, ContentItemResponse } from "@doorstep/shared/schemas/content";
import { expect, makePng, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";
import { createItemViaApi, getItemViaApi } from "./content-api.ts";

const c = copy.content;

test.describe("content item editor", () => {
  test("a template item is filled from the overview with bold rich text and a photo (CONT-07/19/23/35)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Harbour Loft");
    await page.goto(`/property/${property.propertyId}`);
    const contentList = page.getByRole("region", { name: copy.properties.contentSections });
    await contentList.getByRole("link", { name: /Wi-Fi & tech/ }).click();
    await expect(page).toHaveURL(`/property/${property.propertyId}/content/wifi-and-tech`);
    await expect(page.getByRole("heading", { level: 1, name: "Wi-Fi & tech" })).toBeVisible();

    await page.getByRole("button", { name: copy.content.addSuggestedName("Wi-Fi"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Add Wi-Fi" });
    // CONT-35, decision 023: the template's name pre-fills the title, its sample texts are grey examples only;
    // its own label for the locate text (CONT-15).
    await expect(dialog.getByLabel("Title")).toHaveValue("Wi-Fi");
    const locate = dialog.getByLabel("Where the router is");
    await expect(locate).toHaveValue("");
    await expect(locate).toHaveAttribute("placeholder", "In the living room, on the shelf beside the TV.");
    // CONT-19: exactly the toolbar's buttons.
    const toolbar = dialog.getByRole("toolbar", { name: c.toolbar.label });
    // Icon buttons: each named, and its name is also its tooltip.
    const tools = [
      c.toolbar.heading,
      c.toolbar.bold,
      c.toolbar.italic,
      c.toolbar.underline,
      c.toolbar.bulletList,
      c.toolbar.orderedList,
      c.toolbar.link,
    ];
    await expect(toolbar.getByRole("button")).toHaveCount(tools.length);
    for (const [index, name] of tools.entries()) {
      await expect(toolbar.getByRole("button").nth(index)).toHaveAccessibleName(name);
      await expect(toolbar.getByRole("button").nth(index)).toHaveAttribute("title", name);
    }
    await expect(toolbar.getByLabel(c.toolbar.colour)).toBeVisible();

    const text = dialog.getByRole("textbox", { name: c.textLabel, exact: true });
    await text.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Network: Harbour. ");
    await toolbar.getByRole("button", { name: c.toolbar.bold }).click();
    await expect(toolbar.getByRole("button", { name: c.toolbar.bold })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Password on the fridge");
    await dialog
      .getByLabel(c.imageLabel, { exact: true })
      .setInputFiles({ name: "router.png", mimeType: "image/png", buffer: makePng(40, 30) });
    await expect(dialog.getByText(c.mediaChosen("router.png"))).toBeVisible();
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();
    // The save is confirmed where screen readers hear it, and the confirmation goes after 3 s.
    const saved = page.getByRole("status").filter({ hasText: c.itemSaved("Wi-Fi") });
    await expect(saved).toBeVisible();
    await expect(saved).toBeHidden({ timeout: 6000 });

    await expect(page.getByRole("button", { name: "Edit Wi-Fi", exact: true })).toBeVisible();
    const pageData = CategoryPageResponse.parse(
      await (await page.request.get(`/api/properties/${property.propertyId}/content/categories/wifi-and-tech`)).json(),
    );
    const summary = pageData.templates.find((t) => t.template.label === "wifi")?.item;
    expect(summary).toBeTruthy();
    const item = await getItemViaApi(page.request, property.propertyId, summary?.id ?? "");
    expect(item.detailText).toContain("<strong>Password on the fridge</strong>");
    expect(item.imageUrl).not.toBeNull();
    await expect(page.locator(".content-row__thumb")).toHaveCount(1);
  });

  test("a custom item with text, button and image sub-items (CONT-29)", async ({ loggedInPage: page }) => {
    const property = await createPropertyViaApi(page.request, "Pine Cabin");
    await page.goto(`/property/${property.propertyId}/content/house-rules`);
    await page.getByRole("button", { name: c.addCustomContent }).click();
    const dialog = page.getByRole("dialog", { name: c.editorNewTitle });
    // CONT-17: nothing is saved without an English title.
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(c.titleRequired);

    await dialog.getByLabel(c.titleLabel).fill("Hot tub");
    await dialog.getByRole("button", { name: c.addSubItem("Text") }).click();
    await dialog.getByRole("button", { name: c.addSubItem("Button") }).click();
    await dialog.getByRole("button", { name: c.addSubItem("Image") }).click();
    await dialog.getByLabel(`${c.subItemText} (Text 1)`).fill("Shower before you get in.");
    await dialog.getByLabel(`${c.buttonLabel} (Button 2)`).fill("Manual");
    await dialog.getByLabel(`${c.buttonLink} (Button 2)`).fill("https://example.com/hot-tub.pdf");
    await dialog
      .getByLabel("Image (Image 3)")
      .setInputFiles({ name: "tub.png", mimeType: "image/png", buffer: makePng(20, 20) });
    // Ordering inside the editor: the image moves above the button.
    await dialog.getByRole("button", { name: `${c.moveUp} Image 3` }).click();
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("listitem").filter({ hasText: "Hot tub" });
    await expect(row).toBeVisible();
    const pageData = CategoryPageResponse.parse(
      await (await page.request.get(`/api/properties/${property.propertyId}/content/categories/house-rules`)).json(),
    );
    const item = await getItemViaApi(page.request, property.propertyId, pageData.customItems[0]?.id ?? "");
    expect(item.title).toBe("Hot tub");
    expect(item.subItems.map((s) => s.type)).toEqual(["text", "image", "button"]);
    expect(item.subItems[0]?.detailText).toBe("Shower before you get in.");
    expect(item.subItems[1]?.imageUrl).not.toBeNull();
    expect(item.subItems[2]?.buttonLink).toBe("https://example.com/hot-tub.pdf");

    // Edit again: delete the text sub-item.
    await row.getByRole("button", { name: "Edit Hot tub" }).click();
    const edit = page.getByRole("dialog", { name: c.editorEditTitle("Hot tub") });
    await edit.getByRole("button", { name: `${c.deleteSubItem} Text 1` }).click();
    await edit.getByRole("button", { name: c.save, exact: true }).click();
    await expect(edit).toBeHidden();
    expect((await getItemViaApi(page.request, property.propertyId, item.id)).subItems.map((s) => s.type)).toEqual([
      "image",
      "button",
    ]);
  });

  test("a saved sub-item keeps its type: another type is a delete and an add in one save, and the old file is deleted (CONT-29, decision 003 §6)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "Quay House");
    const created = await page.request.post(`/api/properties/${property.propertyId}/content/items`, {
      data: { categoryLabel: "house-rules", title: "Bins", subItems: [{ action: "create", type: "image" }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const item = ContentItemResponse.parse(await created.json()).item;
    const uploaded = await page.request.put(
      `/api/properties/${property.propertyId}/content/items/${item.id}/sub-items/${item.subItems[0]?.id}/media/image`,
      {
        multipart: { file: { name: "bins.png", mimeType: "image/png", buffer: makePng(20, 20) } },
      },
    );
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const imageUrl = ContentItemResponse.parse(await uploaded.json()).item.subItems[0]?.imageUrl ?? "";
    expect((await page.request.get(imageUrl)).status()).toBe(200);

    await page.goto(`/property/${property.propertyId}/content/house-rules`);
    await page.getByRole("button", { name: "Edit Bins" }).click();
    const dialog = page.getByRole("dialog", { name: c.editorEditTitle("Bins") });
    const image = dialog.getByRole("listitem", { name: c.subItemTitle(c.subItemTypes.image, 1) });
    await expect(
      image.getByLabel(`${c.subItemTypes.image} (${c.subItemTitle(c.subItemTypes.image, 1)})`),
    ).toBeAttached();
    // The editor offers no type control on a saved sub-item: its type is the one it was added with.
    await expect(image.getByRole("combobox")).toHaveCount(0);
    await expect(image.getByRole("radio")).toHaveCount(0);
    // Its only controls: move, delete, and its file (choose, remove).
    const name = c.subItemTitle(c.subItemTypes.image, 1);
    const controls = [
      `${c.moveUp} ${name}`,
      `${c.moveDown} ${name}`,
      `${c.deleteSubItem} ${name}`,
      `${c.subItemTypes.image} (${name})`,
      `${c.mediaRemove} ${c.subItemTypes.image} (${name})`,
    ];
    await expect(image.getByRole("button")).toHaveCount(controls.length);
    for (const control of controls)
      await expect(image.getByRole("button", { name: control, exact: true })).toHaveCount(1);

    await image.getByRole("button", { name: `${c.deleteSubItem} ${c.subItemTitle(c.subItemTypes.image, 1)}` }).click();
    await dialog.getByRole("button", { name: c.addSubItem(c.subItemTypes.text) }).click();
    await dialog
      .getByLabel(`${c.subItemText} (${c.subItemTitle(c.subItemTypes.text, 1)})`)
      .fill("Bins go out on Tuesday night.");
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();

    const saved = await getItemViaApi(page.request, property.propertyId, item.id);
    expect(saved.subItems.map((s) => [s.type, s.detailText, s.imageUrl])).toEqual([
      ["text", "Bins go out on Tuesday night.", null],
    ]);
    // The image sub-item's file went with it.
    expect((await page.request.get(imageUrl)).status()).toBe(404);
  });

  test("leaving the page with changes asks too: browser Back holds the navigation, a tab close gets the browser's warning (CONT-16)", async ({
    loggedInPage: page,
  }) => {
    // Two editor sessions, three navigations and a tab-close prompt: past 30 s late in a full run on two cores.
    test.slow();
    const property = await createPropertyViaApi(page.request, "Mill Cottage");
    const item = await createItemViaApi(page.request, property.propertyId, "house-rules", "Smoking");
    const overview = `/property/${property.propertyId}`;
    const categoryPage = `${overview}/content/house-rules`;
    const editBins = async (title: string) => {
      await page.goto(overview);
      await page
        .getByRole("region", { name: copy.properties.contentSections })
        .getByRole("link", { name: /House rules/ })
        .click();
      await expect(page).toHaveURL(categoryPage);
      await page.getByRole("button", { name: `${c.edit} Smoking` }).click();
      const dialog = page.getByRole("dialog", { name: c.editorEditTitle("Smoking") });
      await dialog.getByLabel(c.titleLabel).fill(title);
      return dialog;
    };
    const prompt = page.getByRole("dialog", { name: c.unsavedChanges });

    // Back while editing: the same prompt; Escape stays in the editor on this page.
    let dialog = await editBins("No smoking");
    await page.goBack();
    await expect(prompt.getByRole("button")).toHaveText([c.discard, c.save]);
    await page.keyboard.press("Escape");
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL(categoryPage);
    await expect(dialog.getByLabel(c.titleLabel)).toHaveValue("No smoking");

    // Closing the tab: the browser's own leave-page warning; dismissed, the page and the edit stay.
    const warned = new Promise<string>((resolve) =>
      page.once("dialog", (d) => void d.dismiss().then(() => resolve(d.type()))),
    );
    await page.close({ runBeforeUnload: true });
    expect(await warned).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
    await expect(dialog.getByLabel(c.titleLabel)).toHaveValue("No smoking");

    // Back again: Discard goes back and keeps the stored item.
    await page.goBack();
    await prompt.getByRole("button", { name: c.discard }).click();
    await expect(page).toHaveURL(overview);
    expect((await getItemViaApi(page.request, property.propertyId, item.id)).title).toBe("Smoking");

    // Back with Save: saved first, then gone back.
    dialog = await editBins("Smoking outside only");
    await page.goBack();
    await prompt.getByRole("button", { name: c.save }).click();
    await expect(page).toHaveURL(overview);
    expect((await getItemViaApi(page.request, property.propertyId, item.id)).title).toBe("Smoking outside only");

    // Nothing changed: Back just goes back, and nothing warns on unload.
    await page
      .getByRole("region", { name: copy.properties.contentSections })
      .getByRole("link", { name: /House rules/ })
      .click();
    await page.getByRole("button", { name: `${c.edit} Smoking outside only` }).click();
    await page.goBack();
    await expect(page).toHaveURL(overview);
    await expect(prompt).toBeHidden();
  });

  test("closing with changes asks Do you want to save changes? — Discard keeps the old, Save saves (CONT-16)", async ({
    loggedInPage: page,
  }) => {
    const property = await createPropertyViaApi(page.request, "River House");
    const item = await createItemViaApi(page.request, property.propertyId, "house-rules", "Bins");
    await page.goto(`/property/${property.propertyId}/content/house-rules`);

    // No change: Close closes at once.
    await page.getByRole("button", { name: "Edit Bins" }).click();
    let dialog = page.getByRole("dialog", { name: c.editorEditTitle("Bins") });
    await dialog.getByRole("button", { name: c.close }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Edit Bins" }).click();
    await dialog.getByLabel(c.titleLabel).fill("Bins and recycling");
    await dialog.getByRole("button", { name: c.close }).click();
    const prompt = page.getByRole("dialog", { name: c.unsavedChanges });
    await expect(prompt.getByRole("button")).toHaveText([c.discard, c.save]);
    await prompt.getByRole("button", { name: c.discard }).click();
    await expect(dialog).toBeHidden();
    expect((await getItemViaApi(page.request, property.propertyId, item.id)).title).toBe("Bins");

    await page.getByRole("button", { name: "Edit Bins" }).click();
    dialog = page.getByRole("dialog", { name: c.editorEditTitle("Bins") });
    await dialog.getByLabel(c.titleLabel).fill("Bins and recycling");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: c.unsavedChanges }).getByRole("button", { name: c.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Edit Bins and recycling" })).toBeVisible();
    const saved = await getItemViaApi(page.request, property.propertyId, item.id);
    expect(saved.title).toBe("Bins and recycling");
    expect(saved.contentVersion).toBe(2);
  });

  test("a translation is added in its language tab and saved (CONT-18/28)", async ({ loggedInPage: page }) => {
    const property = await createPropertyViaApi(page.request, "Olive Grove");
    const patch = await page.request.patch(`/api/properties/${property.propertyId}`, {
      data: { languageTranslations: ["fr"] },
    });
    expect(patch.status(), await patch.text()).toBe(204);
    const item = await createItemViaApi(page.request, property.propertyId, "house-rules", "Quiet hours");
    await page.goto(`/property/${property.propertyId}/content/house-rules`);
    await page.getByRole("button", { name: "Edit Quiet hours" }).click();
    const dialog = page.getByRole("dialog", { name: c.editorEditTitle("Quiet hours") });
    await expect(dialog.getByRole("tab")).toHaveText([c.english, "French"]);
    await dialog.getByRole("tab", { name: "French" }).click();
    await expect(dialog.getByText(c.translationHint("French", false))).toBeVisible();
    await dialog.getByLabel(c.titleLabel).fill("Heures calmes");
    await dialog.getByRole("textbox", { name: c.textLabel, exact: true }).fill("Pas de bruit après 22 h.");
    await dialog.getByRole("tab", { name: c.english }).click();
    await expect(dialog.getByLabel(c.titleLabel)).toHaveValue("Quiet hours");
    await dialog.getByRole("button", { name: c.save, exact: true }).click();
    await expect(dialog).toBeHidden();

    const saved = await getItemViaApi(page.request, property.propertyId, item.id);
    expect(saved.translations).toEqual([
      expect.objectContaining({
        language: "fr",
        title: "Heures calmes",
        detailText: "<p>Pas de bruit après 22 h.</p>",
      }),
    ]);
    await page.getByRole("button", { name: "Edit Quiet hours" }).click();
    await dialog.getByRole("tab", { name: "French" }).click();
    await expect(dialog.getByLabel(c.titleLabel)).toHaveValue("Heures calmes");
  });
});
