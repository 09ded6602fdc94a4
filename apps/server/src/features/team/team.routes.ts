import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { SessionResponse } from "@doorstep/shared/schemas/auth";
import {
  InvitationResponse,
  InviteMemberRequest,
  JoinCheckRequest,
  JoinCheckResponse,
  JoinRequest,
  TeamResponse,
  TransferOwnershipRequest,
  UpdateMemberRequest,
} from "@doorstep/shared/schemas/team";
import type { AppContext } from "../../app-context.ts";
import { clearSessionCookie, requestMeta, requireCaller, setSessionCookie } from "../../plugins/auth.ts";
import { DeleteAccountRequest } from "@doorstep/shared/schemas/account";
import { deleteAccount } from "../../commands/delete-account.ts";
import { getSignedInUser } from "../../commands/signed-in-user.ts";
import {
  checkInvitation,
  getTeam,
  inviteMember,
  joinTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
  updateMember,
} from "./team.service.ts";

const tags = ["team"];
const InvitationParams = z.object({ invitationId: z.uuid() });
const MemberParams = z.object({ memberId: z.uuid() });
const NoContent = { 204: z.null() };
const manage = { permission: "team:manage" } as const;

/** The team page (decisions 056, 057): members, invitations, ownership, and the invitation link's join. */
export function registerTeamRoutes(parent: FastifyInstance, ctx: AppContext): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith("https://");

  app.get(
    "/api/team",
    { config: manage, schema: { tags, summary: "Members and pending invitations", response: { 200: TeamResponse } } },
    async (request) => getTeam(ctx, requireCaller(request)),
  );

  app.post(
    "/api/team/invitations",
    {
      config: manage,
      schema: {
        tags,
        summary: "Invite a member by email",
        body: InviteMemberRequest,
        response: { 201: InvitationResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ invitation: await inviteMember(ctx, requireCaller(request), request.body) }),
  );

  app.post(
    "/api/team/invitations/:invitationId/resend",
    {
      config: manage,
      schema: {
        tags,
        summary: "Send an invitation again with a new link",
        params: InvitationParams,
        response: { 200: InvitationResponse },
      },
    },
    async (request) => ({
      invitation: await resendInvitation(ctx, requireCaller(request), request.params.invitationId),
    }),
  );

  app.delete(
    "/api/team/invitations/:invitationId",
    {
      config: manage,
      schema: { tags, summary: "Revoke an invitation", params: InvitationParams, response: NoContent },
    },
    async (request, reply) => {
      await revokeInvitation(ctx, requireCaller(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    "/api/team/members/:memberId",
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a member's role and properties (signs them out)",
        params: MemberParams,
        body: UpdateMemberRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await updateMember(ctx, requireCaller(request), request.params.memberId, request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    "/api/team/members/:memberId",
    {
      config: manage,
      schema: { tags, summary: "Remove a member (signs them out)", params: MemberParams, response: NoContent },
    },
    async (request, reply) => {
      await removeMember(ctx, requireCaller(request), request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/team/ownership",
    {
      config: { permission: "account:own" },
      schema: { tags, summary: "Hand the account to an admin", body: TransferOwnershipRequest, response: NoContent },
    },
    async (request, reply) => {
      await transferOwnership(ctx, requireCaller(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/account/delete",
    {
      config: { permission: "account:own" },
      schema: {
        tags,
        summary: "Delete the account: offline at once, erased after 30 days (IMPL-33)",
        body: DeleteAccountRequest,
        response: NoContent,
      },
    },
    async (request, reply) => {
      await deleteAccount(ctx, requireCaller(request), request.body);
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/join/check",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Who invited the holder of this link",
        body: JoinCheckRequest,
        response: { 200: JoinCheckResponse },
      },
    },
    async (request) => checkInvitation(ctx, request.body.token),
  );

  app.post(
    "/api/join",
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Accept an invitation and sign in",
        body: JoinRequest,
        response: { 201: SessionResponse },
      },
    },
    async (request, reply) => {
      const { userId, token } = await joinTeam(ctx, request.body, requestMeta(request));
      setSessionCookie(reply, token, secure);
      return reply.status(201).send({ user: await getSignedInUser(ctx, userId), appVersion: ctx.config.appVersion });
    },
  );
}
