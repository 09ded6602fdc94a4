import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildMember, buildProperty, buildUser } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("contact support (PROP-20)", () => {
  it("emails SUPPORT_EMAIL with the account, the property and a reply-to of the host", async () => {
    const host = await buildUser(t.ctx, { firstName: "Hana" });
    const { propertyId } = await buildProperty(t.app, host);
    const res = await t.as(host, "POST", "/api/support", {
      subject: "My guide is inactive",
      message: "Please switch it back on.",
      propertyId,
    });
    expect(res.statusCode, res.body).toBe(204);
    const outbox = await t.app.inject({ url: `/api/test/outbox?to=${encodeURIComponent(t.config.supportEmail)}` });
    const email = outbox.json().emails.find((e: { subject: string }) => e.subject === "Support: My guide is inactive");
    expect(email.replyTo).toBe(host.email);
    expect(email.text).toContain(`Account: ${host.accountId}`);
    expect(email.text).toContain(`Property: ${propertyId}`);
    expect(email.text).toContain("Please switch it back on.");
  });

  it("is open to every role, and refuses another account's property", async () => {
    const host = await buildUser(t.ctx);
    const viewer = await buildMember(t.ctx, host, "viewer");
    const ok = await t.as(viewer, "POST", "/api/support", { subject: "Hi", message: "Question", propertyId: null });
    expect(ok.statusCode).toBe(204);
    const other = await buildUser(t.ctx);
    const theirs = (await buildProperty(t.app, other)).propertyId;
    const res = await t.as(host, "POST", "/api/support", { subject: "Hi", message: "Question", propertyId: theirs });
    expect(res.statusCode).toBe(404);
  });
});
