import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "@doorstep/shared/constants";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { issueLoginToken } from "../auth/auth.service.ts";
import { buildUser, makePng, multipart, TEST_PASSWORD, uniqueEmail } from "../../test/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
/** The session cookie a response set, as a Cookie header value. */
const newSessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie, "a new session cookie").toBeDefined();
  return `${SESSION_COOKIE}=${cookie!.value}`;
};

describe("GET /api/me (AUTH-16, AUTH-20)", () => {
  it("returns the user without any secret, with the unread count", async () => {
    const user = await buildUser(t.ctx, { firstName: "Noor" });
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unreadMessageCount).toBe(0);
    expect(body.user).toMatchObject({
      id: user.id,
      firstName: "Noor",
      email: user.email,
      isMaster: true,
      photoUrl: null,
    });
    const text = JSON.stringify(body);
    for (const secret of ["passwordHash", "password_hash", "argon2", "admin", "tokenHash"])
      expect(text).not.toContain(secret);
  });
});

describe("PATCH /api/me (AUTH-40…44)", () => {
  it("updates first name, last name and phone with 204", async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: { firstName: "Sam", lastName: "Lee", tel: "+44 20 7946 0000" },
    });
    expect(res.statusCode).toBe(204);
    // Stored as E.164, however it was spaced.
    expect((await me(user.cookie)).json().user).toMatchObject({
      firstName: "Sam",
      lastName: "Lee",
      tel: "+442079460000",
    });
  });

  it("refuses a phone number that is not one, in the catalogue's words, and keeps the stored one", async () => {
    const user = await buildUser(t.ctx);
    const patch = (tel: string) =>
      t.app.inject({ method: "PATCH", url: "/api/me", headers: { cookie: user.cookie }, payload: { tel } });
    expect((await patch("+351 912 345 678")).statusCode).toBe(204);
    for (const [tel, message] of [
      ["abc", copy.phone.noDigits],
      ["020 7946 0958", copy.phone.needsCountry],
      ["+44 12", copy.phone.invalidAny],
    ] as const) {
      const res = await patch(tel);
      expect(res.statusCode, tel).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await me(user.cookie)).json().user.tel).toBe("+351912345678");
  });

  it("refuses empty values and fields that are not self-editable (AUTH-43)", async () => {
    const user = await buildUser(t.ctx);
    const empty = await t.app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: user.cookie },
      payload: { firstName: " " },
    });
    expect(empty.statusCode).toBe(400);
    for (const payload of [
      { isMaster: false },
      { isAffiliate: true },
      { email: "x@example.com" },
      { trialEndsAt: "2099-01-01" },
      {},
    ]) {
      const res = await t.app.inject({ method: "PATCH", url: "/api/me", headers: { cookie: user.cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
    }
  });
});

describe("PUT /api/me/email (AUTH-46, OPEN-34)", () => {
  it("changes the login email and tells the old address", async () => {
    const user = await buildUser(t.ctx);
    const next = uniqueEmail("moved");
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/me/email",
      headers: { cookie: user.cookie },
      payload: { email: next.toUpperCase() },
    });
    expect(res.statusCode).toBe(204);
    // The session is rotated (decision 011): a new token in a new cookie, the old one revoked.
    const rotated = newSessionCookie(res);
    expect(rotated).not.toBe(user.cookie);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(rotated)).json().user.email).toBe(next);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: next, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const mail = await t.app.inject({ method: "GET", url: `/api/test/outbox?to=${encodeURIComponent(user.email)}` });
    expect(mail.json().emails[0].subject).toBe("Your Doorstep login email was changed");
  });

  it("refuses an invalid, disposable or taken email", async () => {
    const user = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const put = (email: string) =>
      t.app.inject({ method: "PUT", url: "/api/me/email", headers: { cookie: user.cookie }, payload: { email } });
    expect((await put("nope")).json().error.code).toBe("INVALID_EMAIL");
    expect((await put("a@yopmail.com")).json().error.code).toBe("INVALID_EMAIL");
    const taken = await put(other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("EMAIL_TAKEN");
  });
});

describe("PUT /api/me/password (AUTH-47)", () => {
  it("checks the current password, applies the policy, signs out other sessions and rotates its own", async () => {
    const user = await buildUser(t.ctx);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const other = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/me/password", headers: { cookie: user.cookie }, payload });

    expect((await put({ currentPassword: "wrong-one", newPassword: "new-password-ok" })).json().error.code).toBe(
      "CURRENT_PASSWORD_INCORRECT",
    );
    expect((await put({ currentPassword: TEST_PASSWORD, newPassword: "12345678" })).json().error.code).toBe(
      "WEAK_PASSWORD",
    );
    const changed = await put({ currentPassword: TEST_PASSWORD, newPassword: "new-password-ok" });
    expect(changed.statusCode).toBe(204);

    // Decision 011: the caller keeps working through a new token in a new cookie; the old token is revoked.
    const rotated = newSessionCookie(changed);
    expect(rotated).not.toBe(user.cookie);
    expect((await me(rotated)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "new-password-ok" },
    });
    expect(relogin.statusCode).toBe(200);
  });

  it("cancels every outstanding login and reset link of the user (docs/architecture.md §5, OPEN-16)", async () => {
    const user = await buildUser(t.ctx);
    const loginToken = await issueLoginToken(t.ctx, user.id);
    await t.app.inject({ method: "POST", url: "/api/auth/forgot-password", payload: { email: user.email } });
    const mail = (
      await t.app.inject({ method: "GET", url: `/api/test/outbox?to=${encodeURIComponent(user.email)}` })
    ).json().emails[0].text as string;
    const reset = new URL(mail.match(/http:\/\/\S+reset-password\S+/)![0]);

    const change = await t.app.inject({
      method: "PUT",
      url: "/api/me/password",
      headers: { cookie: user.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: "changed-password-1" },
    });
    expect(change.statusCode).toBe(204);

    const exchange = await t.app.inject({
      method: "POST",
      url: "/api/auth/login-token",
      payload: { token: loginToken },
    });
    expect(exchange.json().error.code).toBe("TOKEN_EXPIRED");
    const resetWithOldLink = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: {
        email: reset.searchParams.get("reset_email"),
        token: reset.searchParams.get("otp_token"),
        password: "attacker-password-1",
      },
    });
    expect(resetWithOldLink.json().error.code).toBe("TOKEN_EXPIRED");
    expect((await me(newSessionCookie(change))).statusCode).toBe(200);
  });
});

describe("PUT /api/me/photo (AUTH-41, FILE rules)", () => {
  const upload = (cookie: string, files: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(files);
    return t.app.inject({ method: "PUT", url: "/api/me/photo", headers: { ...headers, cookie }, payload });
  };

  it("stores an image checked by content, serves it with safe headers and resized variants, and deletes the old one", async () => {
    const user = await buildUser(t.ctx);
    // Named .txt and sent as text/plain: the content decides.
    const res = await upload(user.cookie, [
      { field: "file", filename: "me.txt", contentType: "text/plain", body: await makePng(640, 480) },
    ]);
    expect(res.statusCode).toBe(204);
    const photoUrl = (await me(user.cookie)).json().user.photoUrl as string;
    expect(photoUrl).toMatch(new RegExp(`^/files/users/${user.id}/photo-[0-9a-f]{16}\\.webp$`));

    const file = await t.app.inject({ method: "GET", url: photoUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    const sharp = (await import("sharp")).default;
    expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    const small = await t.app.inject({ method: "GET", url: `${photoUrl}?w=100` });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(100);

    await upload(user.cookie, [{ field: "file", filename: "b.png", contentType: "image/png", body: await makePng() }]);
    const oldPath = path.join(t.config.dataDir, "files", photoUrl.replace("/files/", ""));
    expect(fs.existsSync(oldPath)).toBe(false);
    expect(fs.existsSync(`${oldPath}.w100.webp`)).toBe(false);
    expect((await t.app.inject({ method: "GET", url: photoUrl })).statusCode).toBe(404);
  });

  it("refuses a non-image named .png, an SVG, two files and a file over 10 MB", async () => {
    const user = await buildUser(t.ctx);
    const fake = await upload(user.cookie, [
      {
        field: "file",
        filename: "x.png",
        contentType: "image/png",
        body: Buffer.from("<html><script>alert(1)</script></html>"),
      },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(
      (await upload(user.cookie, [{ field: "file", filename: "x.svg", contentType: "image/svg+xml", body: svg }]))
        .statusCode,
    ).toBe(415);
    const png = await makePng();
    const two = await upload(user.cookie, [
      { field: "file", filename: "a.png", contentType: "image/png", body: png },
      { field: "file", filename: "b.png", contentType: "image/png", body: png },
    ]);
    expect(two.statusCode).toBe(400);
    const big = await upload(user.cookie, [
      { field: "file", filename: "big.png", contentType: "image/png", body: Buffer.alloc(10 * 1024 * 1024 + 10, 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect((await me(user.cookie)).json().user.photoUrl).toBeNull();
  });
});
