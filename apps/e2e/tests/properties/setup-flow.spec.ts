import { copy } from "@doorstep/shared/copy";
import { expect, makePng, test } from "../../fixtures.ts";
import { uniqueWeblink } from "./property-api.ts";

const s = copy.setup;
const b = copy.basicSetup;

test.describe("setup flow (PROP-30…39, OPEN-04/05/09)", () => {
  test("logged-out visitors go to /try-free (XCUT-10)", async ({ page }) => {
    await page.goto("/setup-place");
    await expect(page).toHaveURL("/try-free");
    await page.goto("/property/123456/setup-basics");
    await expect(page).toHaveURL("/try-free");
  });

  test("create a place, fill the basics in order, continue without a card, and it is live", async ({
    loggedInPage: page,
    account,
  }) => {
    const title = `Seaside Escape ${Date.now()}`;
    const weblink = uniqueWeblink("setup");
    await page.goto("/setup-place");
    await expect(page.getByRole("heading", { name: s.createPlaceTitle })).toBeVisible();
    const name = page.getByLabel(s.placeName);
    await expect(name).toHaveAttribute("placeholder", s.placeExample);
    await name.fill(title);
    await page.getByRole("button", { name: copy.properties.continue }).click();
    await page.getByLabel(copy.properties.weblink).fill(weblink);
    await page.getByRole("button", { name: copy.properties.continue, exact: true }).click();
    await expect(page).toHaveURL(`/property/${weblink}/setup-basics`);

    // PROP-32/33: the title is done, so the cover image opens first.
    const section = (name: string) =>
      page.getByRole("button", { name: new RegExp(`^${name} (${s.done}|${s.notDone})$`) });
    await expect(section(copy.basicSetup.propertyTitle)).toHaveAttribute("aria-expanded", "false");
    await expect(section(b.coverImage)).toHaveAttribute("aria-expanded", "true");
    await page
      .getByLabel(b.coverImage, { exact: true })
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: makePng(640, 360) });

    // Location by address search; the chosen place is saved and the host opens next.
    await expect(section(s.location)).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("combobox", { name: b.searchAddress }).fill("Brighton");
    await page
      .getByRole("option", { name: /^Brighton, .*United Kingdom/ })
      .first()
      .click();
    await expect(section(s.hostName)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/Brighton/).first()).toBeVisible();

    await expect(page.getByLabel(s.hostFirstName)).toHaveValue(account.firstName);
    await page.getByLabel(s.hostLastName).fill("Hale");
    await page.getByRole("button", { name: s.next }).click();

    // The photo is optional: skip it.
    await expect(section(s.hostPhoto)).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("button", { name: s.skip }).click();

    await expect(section(s.hostEmail)).toHaveAttribute("aria-expanded", "true");
    await page.getByLabel(s.hostEmail).fill("host@example.com");
    await page.getByRole("button", { name: s.next }).click();
    await expect(section(s.hostTel)).toHaveAttribute("aria-expanded", "true");
    // The property is in Brighton: the country chooser starts at the United Kingdom.
    const tel = page.getByRole("group", { name: s.hostTel });
    await expect(tel.getByLabel(copy.phone.country)).toHaveValue("GB");
    await tel.getByLabel(copy.phone.number).fill("01273 000000");
    await page.getByRole("button", { name: s.next }).click();

    await expect(section(b.themeColours)).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("textbox", { name: b.primaryColour, exact: true }).fill("#1F6F68");
    await page.getByRole("button", { name: s.next }).click();
    await expect(page.getByRole("button", { name: s.completeSetup })).toBeFocused();
    await expect(page.getByText(s.done, { exact: true })).toHaveCount(7);

    const saved = (await (await page.request.get(`/api/properties/${weblink}`)).json()).property;
    expect(saved.coverImageUrl).toBeTruthy();
    expect(saved.address.formatted).toMatch(/Brighton/);
    expect(saved.manager).toMatchObject({ lastName: "Hale", email: "host@example.com", tel: "+441273000000" });
    expect(saved.hexPrimary?.toUpperCase()).toBe("#1F6F68");

    await page.getByRole("button", { name: s.completeSetup }).click();
    await expect(page).toHaveURL(`/property/${weblink}/setup-payment`);
    await expect(page.getByText(s.planTitle)).toBeVisible();
    await expect(page.getByText(/Free until \d{1,2} \w+ \d{4}/)).toBeVisible();
    await page.getByRole("button", { name: s.continueWithoutCard }).click();

    await expect(page).toHaveURL(`/property/${weblink}/setup-complete`);
    await expect(page.getByRole("heading", { name: s.liveTitle(title) })).toBeVisible();
    await expect(page.getByRole("img", { name: copy.properties.coverAlt(title) })).toBeVisible();
    const guide = page.getByRole("link", { name: s.viewGuidebook });
    await expect(guide).toHaveAttribute("href", saved.guideUrl);
    await expect(guide).toHaveAttribute("target", "_blank");
    await expect(page.getByLabel(s.shareableLink)).toHaveValue(saved.guideUrl);
    await page.getByRole("button", { name: s.copyLink }).click();
    await expect(page.getByText(s.linkCopied)).toBeVisible();
    await page.getByRole("link", { name: s.goToDashboard }).click();
    await expect(page).toHaveURL("/");
    await expect(
      page.getByRole("list", { name: copy.home.recentProperties }).getByRole("link", { name: new RegExp(title) }),
    ).toBeVisible();
  });
});
