import { copy } from "@doorstep/shared/copy";
import { axeViolations, expect, test } from "../../fixtures.ts";
import { createProperty } from "../basic-setup/property-api.ts";

const c = copy.stayImport;

/** A day `offset` days from today in `timeZone`, "YYYY-MM-DD". */
function dayIn(timeZone: string, offset: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

test.describe("importing stays from a CSV", () => {
  test("preview a CSV with one bad row, see the reason beside it, import, and the good rows are on /stays", async ({
    loggedInPage: page,
  }) => {
    const property = await createProperty(page.request, "Harbour Loft");
    const day = (n: number) => dayIn(property.timeZone, n);
    const csv = [
      "reservation_id;property_id;guest_first_name;guest_last_name;check_in;check_out",
      `E2E-1;${property.propertyId};Ana;Lopes;${day(3)};${day(5)}`,
      `E2E-2;${property.propertyId};Bruno;Keller;${day(6)};${day(4)}`,
      `E2E-3;${property.propertyId};Chiara;Neri;${day(8)};${day(10)}`,
    ].join("\r\n");

    await page.goto("/stays");
    await page.getByRole("link", { name: c.open }).click();
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();
    // The page says which columns and dates it reads before a file is chosen.
    await expect(page.getByText("reservation_id", { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: c.dateOrder["day-first"] })).toBeVisible();

    await page.getByLabel(c.fileLabel).setInputFiles({
      name: "stays.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    await page.getByRole("button", { name: c.preview, exact: true }).click();
    await expect(page.getByText(c.previewSummary({ new: 2, changed: 0, unchanged: 0, refused: 1 }))).toBeVisible();
    const bad = page.getByRole("row").filter({ hasText: "Bruno" });
    await expect(bad).toContainText(c.outcome.refused);
    await expect(bad).toContainText(c.rowError["check-out-before-check-in"]());
    await expect(bad.getByRole("cell").first()).toHaveText("3");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: c.apply(2) }).click();
    await expect(page).toHaveURL(/\/stays$/);
    await expect(page.getByText(c.applied(2))).toBeVisible();
    await expect(page.getByRole("link", { name: /Ana Lopes/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Chiara Neri/ })).toBeVisible();
    await expect(page.getByText("Bruno Keller")).toHaveCount(0);
  });

  test("a file that is not a CSV is refused in plain words", async ({ loggedInPage: page }) => {
    await page.goto("/stays/import");
    await page.getByLabel(c.fileLabel).setInputFiles({
      name: "stays.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
    });
    await page.getByRole("button", { name: c.preview, exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(c.notCsv);
  });
});
