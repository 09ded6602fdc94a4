import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "@doorstep/shared/copy";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  buildMember,
  buildProperty,
  buildUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestUser,
} from "../../test/factories.ts";

let t: TestApp;
let owner: TestUser;
let home: string;
let cabin: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildUser(t.ctx, { firstName: "Olivia" });
  home = (await buildProperty(t.app, owner, { title: "Home" })).propertyId;
  cabin = (await buildProperty(t.app, owner, { title: "Cabin" })).propertyId;
});
afterAll(() => t.close());

async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: "GET", url: `/api/test/outbox?to=${encodeURIComponent(to)}` });
  return res.json().emails;
}
const tokenIn = (text: string) => new URL(text.match(/http:\/\/\S+\/join\?token=\S+/)![0]).searchParams.get("token")!;

async function invite(email: string, role = "editor", propertyIds: string[] | null = [home]) {
  const res = await t.as(owner, "POST", "/api/team/invitations", { email, role, propertyIds });
  expect(res.statusCode, res.body).toBe(201);
  const emails = await outbox(email);
  return { invitation: res.json().invitation, token: tokenIn(emails[0]!.text) };
}

const join = (token: string, password = "a-long-team-password-42") =>
  t.app.inject({
    method: "POST",
    url: "/api/join",
    payload: { token, firstName: "Eddie", lastName: "Editor", password },
  });

describe("team invitations (decision 057)", () => {
  it("invites an editor limited to one property, who joins from the emailed link once and sees only that property", async () => {
    const email = uniqueEmail("invitee");
    const { invitation, token } = await invite(email);
    expect(invitation).toMatchObject({ email, role: "editor", propertyIds: [home] });
    expect((await outbox(email))[0]!.subject).toBe("Olivia invited you to Doorstep");

    const check = await t.app.inject({ method: "POST", url: "/api/join/check", payload: { token } });
    expect(check.json()).toEqual({ email, inviterName: "Olivia" });

    const joined = await join(token);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().user).toMatchObject({ email, role: "editor", propertyLimited: true, isMaster: false });
    const cookie = joined.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const list = await t.as({ cookie }, "GET", "/api/properties");
    expect(list.json().items.map((p: { propertyId: string }) => p.propertyId)).toEqual([home]);
    expect(list.json().total).toBe(1);
    const other = await t.as({ cookie }, "GET", `/api/properties/${cabin}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe("Property not found");

    // Once: the same link again is refused, and the invitation is no longer pending.
    const again = await join(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(copy.teamErrors.invitationInvalid);
    const team = (await t.as(owner, "GET", "/api/team")).json();
    expect(team.invitations.map((i: { email: string }) => i.email)).not.toContain(email);
    expect(team.members).toContainEqual(
      expect.objectContaining({ email, role: "editor", propertyIds: [home], lastActiveAt: expect.any(String) }),
    );
  });

  it("refuses a revoked link and a resent invitation's old link", async () => {
    const revoked = await invite(uniqueEmail("revoked"));
    const del = await t.as(owner, "DELETE", `/api/team/invitations/${revoked.invitation.id}`);
    expect(del.statusCode).toBe(204);
    expect((await join(revoked.token)).statusCode).toBe(400);

    const email = uniqueEmail("resent");
    const first = await invite(email);
    const resent = await t.as(owner, "POST", `/api/team/invitations/${first.invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const tokens = (await outbox(email)).map((m) => tokenIn(m.text));
    expect(tokens).toHaveLength(2);
    const newToken = tokens.find((token) => token !== first.token)!;
    expect((await join(first.token)).statusCode).toBe(400);
    expect((await join(newToken)).statusCode).toBe(201);
  });

  it("tells plainly that an email with its own Doorstep account cannot join, and refuses a second open invitation", async () => {
    const other = await buildUser(t.ctx);
    const res = await t.as(owner, "POST", "/api/team/invitations", {
      email: other.email.toUpperCase(),
      role: "viewer",
      propertyIds: null,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(copy.teamErrors.emailHasAccount);

    const email = uniqueEmail("twice");
    await invite(email);
    const twice = await t.as(owner, "POST", "/api/team/invitations", { email, role: "viewer", propertyIds: null });
    expect(twice.json().error.message).toBe(copy.teamErrors.invitationPending);
    // A property of another account cannot be chosen.
    const stranger = await buildUser(t.ctx);
    const theirs = (await buildProperty(t.app, stranger)).propertyId;
    const foreign = await t.as(owner, "POST", "/api/team/invitations", {
      email: uniqueEmail("x"),
      role: "editor",
      propertyIds: [theirs],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("members (decision 056)", () => {
  it("signs a member out at once when their role changes or they are removed", async () => {
    const member = await buildMember(t.ctx, owner, "editor");
    expect((await t.as(member, "GET", "/api/me")).statusCode).toBe(200);
    const changed = await t.as(owner, "PATCH", `/api/team/members/${member.id}`, { role: "viewer", propertyIds: null });
    expect(changed.statusCode, changed.body).toBe(204);
    const after = await t.as(member, "GET", "/api/me");
    expect(after.statusCode, after.body).toBe(401);

    const other = await buildMember(t.ctx, owner, "viewer");
    expect((await t.as(owner, "DELETE", `/api/team/members/${other.id}`)).statusCode).toBe(204);
    const gone = await t.as(other, "GET", "/api/me");
    expect(gone.statusCode, gone.body).toBe(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: other.email, password: TEST_PASSWORD },
    });
    // The login page says there is no such user: the member is gone.
    expect(login.statusCode).toBe(404);
  });

  it("keeps the owner's role: MEMBER_IS_OWNER; an admin manages the team but not ownership", async () => {
    const admin = await buildMember(t.ctx, owner, "admin");
    const res = await t.as(admin, "PATCH", `/api/team/members/${owner.id}`, { role: "viewer", propertyIds: null });
    expect(res.json().error.message).toBe(copy.teamErrors.memberIsOwner);
    expect((await t.as(admin, "GET", "/api/team")).statusCode).toBe(200);
    const transfer = await t.as(admin, "POST", "/api/team/ownership", { memberId: admin.id, password: TEST_PASSWORD });
    expect(transfer.statusCode).toBe(403);
    expect(transfer.json().error.message).toBe(copy.teamErrors.roleNotAllowed);
  });

  it("hands ownership to an admin after the owner's password; billing follows the role", async () => {
    const first = await buildUser(t.ctx, { firstName: "Fran" });
    const admin = await buildMember(t.ctx, first, "admin", null, "Ada");
    const editor = await buildMember(t.ctx, first, "editor");
    const wrong = await t.as(first, "POST", "/api/team/ownership", { memberId: admin.id, password: "not-it" });
    expect(wrong.statusCode).toBe(400);
    const toEditor = await t.as(first, "POST", "/api/team/ownership", { memberId: editor.id, password: TEST_PASSWORD });
    expect(toEditor.json().error.message).toBe(copy.teamErrors.ownershipNeedsAdmin);

    const ok = await t.as(first, "POST", "/api/team/ownership", { memberId: admin.id, password: TEST_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await t.as(admin, "GET", "/api/me")).json().user).toMatchObject({ role: "owner", isMaster: true });
    expect((await t.as(first, "GET", "/api/me")).json().user).toMatchObject({ role: "admin", isMaster: false });
    expect((await t.as(admin, "GET", "/api/billing/subscription")).statusCode).toBe(200);
    expect((await t.as(first, "GET", "/api/billing/subscription")).statusCode).toBe(403);
  });
});

describe("invitation expiry", () => {
  it("refuses a link after 7 days", async () => {
    const expired = await invite(uniqueEmail("late"));
    t.clock.advance(7 * 86_400_000 + 1000);
    const res = await join(expired.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(copy.teamErrors.invitationInvalid);
  });
});
