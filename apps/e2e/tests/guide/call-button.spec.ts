import { copy } from "@doorstep/shared/copy";
import { expect, test } from "../../fixtures.ts";
import { createLivePropertyViaApi } from "../properties/property-api.ts";

test.describe("the host card's Call button (GUIDE-13)", () => {
  test("reads the number in international format and dials its E.164; a number that is not one gets no button", async ({
    loggedInPage: page,
  }) => {
    const property = await createLivePropertyViaApi(page.request, "Harbour Loft");
    const read = await page.request.get(`/api/properties/${property.propertyId}`);
    const vanityId = ((await read.json()) as { property: { manager: { vanityId: string } } }).property.manager.vanityId;
    const patchTel = (tel: string) => page.request.patch(`/api/managers/${vanityId}`, { data: { tel } });

    // "abc" is refused: guests never get a "Call abc" button.
    const refused = await patchTel("abc");
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(copy.phone.noDigits);

    expect((await patchTel("+44 20 7946 0958")).status()).toBe(204);
    await page.goto(`/g/${property.propertyId}`);
    const call = page.getByRole("link", { name: copy.localArea.call("+44 20 7946 0958") });
    await expect(call).toBeVisible();
    await expect(call).toHaveAttribute("href", "tel:+442079460958");
  });
});
