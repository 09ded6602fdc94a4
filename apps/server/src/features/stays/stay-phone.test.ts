import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildProperty, buildUser, type TestUser } from "../../test/factories.ts";

describe("a stay's guest phone: checked and stored as E.164, as the host's own number is", () => {
  let t: TestApp;
  let host: TestUser;
  let propertyId: string;
  beforeAll(async () => {
    t = await createTestApp();
    host = await buildUser(t.ctx);
    ({ propertyId } = await buildProperty(t.app, host, { title: "Harbour Loft" }));
  });
  afterAll(() => t.close());
  const day = (n: number) => new Date(t.clock.now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  const add = (guestPhone: string) =>
    t.as(host, "POST", "/api/stays", {
      propertyId,
      guestFirstName: "Ines",
      guestPhone,
      checkInDate: day(5),
      checkOutDate: day(8),
    });

  it("stores a number as E.164, refuses one that is not, and clears a blank", async () => {
    const added = await add("+351 912 345 678");
    expect(added.statusCode, added.body).toBe(201);
    const stay = added.json().stay;
    expect(stay.guestPhone).toBe("+351912345678");

    const refused = await add("abc");
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(copy.phone.noDigits);

    const cleared = await t.as(host, "PATCH", `/api/stays/${stay.id}`, { guestPhone: " " });
    expect(cleared.statusCode, cleared.body).toBeLessThan(300);
    expect((await t.as(host, "GET", `/api/stays/${stay.id}`)).json().stay.guestPhone).toBeNull();
  });
});
