import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";
import { guestContext } from "./guest.ts";

const t = copy.guide;
const SCREENS = "/work/notes/screens";

test("search snippets are what the guest reads, never the words of a button", async ({ browser, request, account }) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const property = await createLivePropertyViaApi(request, "Harbour Loft");
  const wifi = await request.post(`/api/properties/${property.propertyId}/content/items`, {
    data: {
      categoryLabel: "wifi-and-tech",
      templateLabel: "wifi",
      title: "Wi-Fi",
      detailText: "<p>Network: <strong>SeaView</strong><br>Password: <strong>sunshine42</strong></p>",
    },
  });
  expect(wifi.status(), await wifi.text()).toBe(201);
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/g/${property.propertyId}`);
  await page.getByRole("link", { name: t.search }).click();
  await page.getByRole("searchbox", { name: t.searchLabel }).fill("seaview");
  await expect(page.getByRole("status").filter({ hasText: t.searchResults(1) })).toBeVisible();
  const result = page.locator(".results li");
  await expect(result).toContainText("Network: SeaView Password: sunshine42");
  await expect(result).not.toContainText(t.copyWifiPassword);
  await context.close();
});

test("the passcode field's hint is written plainly; only the code typed is spaced out", async ({
  browser,
  request,
  account,
}) => {
  expect(account.email).toBeTruthy(); // signs `request` in as the owner
  const property = await createLivePropertyViaApi(request, "Harbour Loft");
  const id = property.propertyId;
  expect((await request.put(`/api/properties/${id}/passcode`, { data: { passcode: "246810" } })).status()).toBe(204);
  const context = await guestContext(browser);
  const page = await context.newPage();
  await page.goto(`/g/${id}`);
  const field = page.getByLabel(t.passcodeLabel);
  await expect(field).toHaveAttribute("placeholder", t.passcodePlaceholder);
  const spacing = (pseudo: string | null) =>
    field.evaluate((input, pseudo) => getComputedStyle(input, pseudo).letterSpacing, pseudo);
  expect(await spacing("::placeholder")).toBe("normal");
  expect(await spacing(null)).not.toBe("normal");
  await page.locator(".gate").screenshot({ path: `${SCREENS}/offline-passcode-390.png` });
  await context.close();
});
