import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";
import { createPropertyViaApi } from "../properties/property-api.ts";

const c = copy.content;

test("the item editor's photo, video and PDF fields are drop zones that show what was chosen", async ({
  loggedInPage: page,
}) => {
  const property = await createPropertyViaApi(page.request, "Quay Loft");
  await page.goto(`/property/${property.propertyId}/content/arrival`);
  await page.getByRole("button", { name: c.addCustomContent }).click();
  const dialog = page.getByRole("dialog", { name: c.editorNewTitle });
  // Each field keeps its labelled input, inside a zone that says what it takes.
  for (const [label, kind] of [
    [c.imageLabel, copy.uploads.dropKinds.image],
    [c.videoLabel, copy.uploads.dropKinds.video],
    [c.documentLabel, copy.uploads.dropKinds.document],
  ] as const) {
    const zone = dialog.locator(".file-drop").filter({ has: page.getByLabel(label, { exact: true }) });
    await expect(zone).toContainText(copy.uploads.dropOrChoose);
    await expect(zone).toContainText(kind);
  }
  await dialog
    .getByLabel(c.imageLabel, { exact: true })
    .setInputFiles({ name: "door.png", mimeType: "image/png", buffer: makePng(320, 180) });
  const thumbnail = dialog.getByRole("img", { name: c.imageLabel });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await dialog
    .getByLabel(c.videoLabel, { exact: true })
    .setInputFiles({ name: "tour.mp4", mimeType: "video/mp4", buffer: Buffer.from("not really a video") });
  await expect(dialog.locator("video[src^='blob:']")).toHaveCount(1);
  await expect(dialog.getByText(c.mediaChosen("tour.mp4"))).toBeVisible();
});
