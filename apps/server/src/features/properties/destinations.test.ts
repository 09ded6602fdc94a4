import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { properties } from "../../db/schema/properties.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser } from "../../test/factories.ts";
import { createDestinationIndex } from "./destinations.ts";

const address = (lat: number, lng: number) => ({
  formatted: "Somewhere",
  lineOne: null,
  lineTwo: null,
  townCity: null,
  county: null,
  state: null,
  postcode: null,
  country: null,
  lat,
  lng,
});

describe("experience destinations follow the pin (SETUP-22/23, OPEN-61)", () => {
  let t: TestApp;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "doorstep-dest-")), "viatorDestinations.json");
  beforeAll(async () => {
    fs.writeFileSync(
      file,
      JSON.stringify([
        { destinationId: 737, center: { latitude: 51.5072, longitude: -0.1276 } },
        { destinationId: 22173, center: { latitude: 50.8225, longitude: -0.1372 } },
      ]),
    );
    t = await createTestApp({ overrides: { destinations: createDestinationIndex(file, { warn: () => {} }) } });
  });
  afterAll(() => t.close());

  it("stores the destinations near the saved pin, nearest first", async () => {
    const user = await buildUser(t.ctx);
    const { propertyId } = await buildProperty(t.app, user);
    const patch = (lat: number, lng: number) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/properties/${propertyId}`,
        headers: { cookie: user.cookie },
        payload: { address: address(lat, lng) },
      });
    const stored = async () =>
      (await t.ctx.db.select().from(properties).where(eq(properties.propertyId, propertyId)))[0]!.viatorDestinationIds;

    await patch(51.51, -0.13); // central London
    expect(await stored()).toEqual(["737"]);
    await patch(51.1, -0.13); // Brighton ~31 km, London ~45 km: the circle widens to 40 km and stops there
    expect(await stored()).toEqual(["22173"]);
    await patch(55.95, -3.19); // Edinburgh: nothing within 100 km
    expect(await stored()).toEqual([]);
  });

  it("stores null when no destinations file is configured or it cannot be read", () => {
    expect(createDestinationIndex(undefined, { warn: () => {} }).near(51.5, -0.1, null)).toBeNull();
    const warnings: object[] = [];
    expect(
      createDestinationIndex("/nonexistent.json", { warn: (o) => warnings.push(o) }).near(51.5, -0.1, null),
    ).toBeNull();
    expect(warnings).toHaveLength(1);
  });
});
