import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import type { EmailMessage, EmailProvider } from "../../providers/email/email-provider.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser, TEST_PASSWORD, uniqueEmail } from "../../test/factories.ts";
import { findUserByEmail } from "../users/user.repository.ts";

// An email provider whose server is down: every send throws, as nodemailer does when SMTP refuses.
const attempted: EmailMessage[] = [];
const failingEmail: EmailProvider = {
  kind: "smtp",
  async send(message) {
    attempted.push(message);
    throw new Error("connect ECONNREFUSED 127.0.0.1:587");
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { email: failingEmail } });
});
afterAll(() => t.close());

describe("a failing email provider never fails a request whose change is saved", () => {
  it("sign-up still answers 201 with a session; the user exists and is signed in", async () => {
    const email = uniqueEmail("smtp-down");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { firstName: "Ola", email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    expect(attempted.some((m) => m.to === email && m.template === "welcome")).toBe(true);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const me = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: `${SESSION_COOKIE}=${cookie.value}` },
    });
    expect(me.json().user.email).toBe(email);
    expect(await findUserByEmail(t.ctx.db, email)).not.toBeNull();
  });

  it("an email change still answers 204 and the new address is saved", async () => {
    const user = await buildUser(t.ctx);
    const next = uniqueEmail("moved");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/email",
      headers: { cookie: user.cookie },
      payload: { email: next },
    });
    expect(res.statusCode).toBe(204);
    expect(attempted.some((m) => m.to === user.email)).toBe(true);
    // The change rotated the session (decision 011): the new cookie reads the new address.
    const rotated = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const cookie = `${SESSION_COOKIE}=${rotated.value}`;
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json().user.email).toBe(next);
  });

  it("forgot-password, whose only result is the email, reports the failure so the visitor can ask again", async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe("INTERNAL");
  });
});
