import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGE_FILE_MAX_MB } from "@doorstep/shared/rules/messaging";
import { guideLabels } from "@doorstep/shared/guide-i18n/catalogue";
import { GuestMessageFields } from "@doorstep/shared/schemas/messaging";
import { text } from "@doorstep/shared/schemas/text";
import type { AppContext } from "../app-context.ts";
import { getGuestThread, pushPublicKey, sendGuestMessage } from "../features/messaging/guest-messages.service.ts";
import { GUEST_ID_COOKIE, GUEST_ID_MAX_AGE_SECONDS, newGuestId } from "../features/messaging/guest-identity.service.ts";
import { MESSAGE_UPLOAD } from "../features/messaging/messaging.service.ts";
import { AppError } from "../lib/app-error.ts";
import { receiveForm } from "../lib/streamed-upload.ts";
import { guestCookieName } from "./guide-access.ts";
import { MESSAGES_SCRIPT } from "./guide-assets.ts";
import { guideBasePath } from "./guide-host.ts";
import { securityHeaders } from "./guide-render.tsx";
import {
  guestFormIssues,
  guestGuideAccess,
  guestIdOf,
  stayGuestGuideAccess,
  type GuestGuideAccess,
} from "./guest-messages.ts";
import { stayBasePath } from "./stay-guide.service.ts";
import { STAY_PAGE_HEADERS } from "./stay-guide.routes.ts";
import { guestErrorText, guestIssues } from "./guest-errors.ts";
import { chooseLanguage } from "./language.ts";
import { renderMessagesPage, type MessagesPageModel } from "./messages-page.tsx";

const Params = z.object({ propertyId: text().min(1).max(60) });
const StayParams = z.object({ token: text().min(1).max(100) });
const hidden = { hide: true };
const FIELDS = ["firstName", "lastName", "message", "email"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The guest's messages page (GUIDE-18/19, IMPL-06/09): their thread and the form at `/g/{id}/messages`, which
 * works without JavaScript (the form posts multipart and the page comes back), the same post answering JSON
 * to the page's script. The guest's identity is a sealed HttpOnly cookie; a protected guide must be unlocked
 * first. The thread's JSON, live replies, push and files are guest-messages-api.routes.ts.
 */
export function registerGuestMessageRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.config.publicUrl.startsWith("https://");

  /**
   * Where a request's messages are: the guide's (`/g/{id}/messages`), or a stay link's (`/s/{token}/messages`,
   * decision 050), whose messages belong to the stay and which needs no passcode.
   */
  type Place = { access: GuestGuideAccess; basePath: string; propertyId: string; api: string };
  const guidePlace = async (request: FastifyRequest, propertyId: string): Promise<Place> => ({
    access: await guestGuideAccess(ctx, propertyId, request.cookies[guestCookieName(propertyId)]),
    basePath: guideBasePath(request.originalUrl, propertyId),
    propertyId,
    api: `/api/guide/${encodeURIComponent(propertyId)}/messages`,
  });
  // A stay link's page reads and hears the stay's conversation (its scheduled messages too), not the guest's own.
  const stayPlace = async (request: FastifyRequest, token: string): Promise<Place> => {
    const found = await stayGuestGuideAccess(ctx, token, request.ip);
    return {
      access: found.access,
      basePath: stayBasePath(token),
      propertyId: found.propertyId ?? "",
      api: `${stayBasePath(token)}/messages`,
    };
  };
  const guestId = (request: FastifyRequest) => guestIdOf(ctx, request);
  type Found = Extract<GuestGuideAccess, { status: "ok" }>;

  function pageModel(
    request: FastifyRequest,
    place: Place,
    found: Found,
  ): Omit<MessagesPageModel, "messages" | "open"> {
    return {
      basePath: place.basePath,
      language: guestLanguage(request, found),
      propertyId: place.propertyId,
      title: found.title,
      theme: found.theme,
      sent: false,
      values: { firstName: "", lastName: "", message: "", email: "" },
      errors: {},
      formError: null,
      scriptUrl: MESSAGES_SCRIPT.url,
      pushKey: pushPublicKey(ctx),
      threadUrl: place.api.startsWith("/api/") ? place.api : `${place.api}/thread`,
      eventsUrl: `${place.api}/events`,
    };
  }

  /** The guide's ?lang (the guide's links carry it), else the browser's among the guide's languages. */
  function guestLanguage(request: FastifyRequest, found: Found) {
    const lang = (request.query as { lang?: unknown } | undefined)?.lang;
    return chooseLanguage({
      languages: found.languages,
      defaultLanguage: found.defaultLanguage,
      requested: typeof lang === "string" ? lang : undefined,
      acceptLanguage:
        typeof request.headers["accept-language"] === "string" ? request.headers["accept-language"] : undefined,
    });
  }

  async function showPage(
    request: FastifyRequest,
    reply: FastifyReply,
    place: Place,
    extra: Partial<MessagesPageModel> & { status?: number } = {},
  ) {
    const found = place.access;
    // A locked, inactive or unknown guide: the guide's own address says which, and offers the passcode.
    if (found.status !== "ok") return reply.redirect(place.basePath, 303);
    const thread = await getGuestThread(ctx, found.guide, guestId(request));
    const last = [...thread.messages].reverse().find((m) => m.inbound);
    const [firstName = "", ...rest] = last?.senderName.split(" ") ?? [];
    const { status, ...model } = extra;
    const { html, headers } = renderMessagesPage({
      ...pageModel(request, place, found),
      // The names carry over to the next message: the guest types them once.
      values: { firstName, lastName: rest.join(" "), message: "", email: "" },
      messages: thread.messages,
      open: thread.open,
      ...model,
    });
    if (found.guide.stayId) Object.assign(headers, STAY_PAGE_HEADERS);
    return reply
      .status(status ?? 200)
      .headers(headers)
      .send(html);
  }

  app.get(
    "/g/:propertyId/messages",
    {
      config: { public: true },
      schema: { ...hidden, params: Params, querystring: z.object({ sent: text().max(1).optional() }).loose() },
    },
    async (request, reply) =>
      showPage(request, reply, await guidePlace(request, request.params.propertyId), {
        sent: request.query.sent === "1",
      }),
  );

  app.get(
    "/s/:token/messages",
    {
      config: { public: true },
      schema: { ...hidden, params: StayParams, querystring: z.object({ sent: text().max(1).optional() }).loose() },
    },
    async (request, reply) =>
      showPage(request, reply, await stayPlace(request, request.params.token), { sent: request.query.sent === "1" }),
  );

  app.post(
    "/g/:propertyId/messages",
    { config: { public: true }, schema: { ...hidden, params: Params } },
    async (request, reply) => receive(request, reply, () => guidePlace(request, request.params.propertyId)),
  );

  app.post(
    "/s/:token/messages",
    { config: { public: true }, schema: { ...hidden, params: StayParams } },
    async (request, reply) => receive(request, reply, () => stayPlace(request, request.params.token)),
  );

  /** A guest's message posted from the page (multipart), answered with JSON to its script or the page again. */
  async function receive(request: FastifyRequest, reply: FastifyReply, where: () => Promise<Place>) {
    const wantsJson = request.headers.accept?.includes("application/json") ?? false;
    const typed: Record<string, string> = {};
    const values = () =>
      Object.fromEntries(FIELDS.map((f) => [f, typeof typed[f] === "string" ? typed[f] : ""])) as Record<
        FieldName,
        string
      >;
    let language = "en";
    let place: Place | null = null;
    try {
      place = await where();
      const found = place.access;
      if (found.status !== "ok") throw new AppError("GUIDE_NOT_FOUND");
      language = guestLanguage(request, found);
      if (!found.guide.inboundMessagingActive) throw new AppError("GUEST_MESSAGES_OFF");
      const form = await receiveForm(request, {
        ...MESSAGE_UPLOAD,
        sayTooManyFiles: true,
        fieldsInto: typed,
      });
      const parsed = GuestMessageFields.safeParse(form.fields);
      if (!parsed.success)
        throw new AppError("VALIDATION_FAILED", undefined, { issues: guestFormIssues(parsed.error.issues) });
      let identity = guestId(request);
      if (!identity) {
        const made = newGuestId(ctx);
        identity = made.id;
        reply.setCookie(GUEST_ID_COOKIE, made.cookie, {
          httpOnly: true,
          sameSite: "lax",
          secure,
          path: "/",
          maxAge: GUEST_ID_MAX_AGE_SECONDS,
        });
      }
      const message = await sendGuestMessage(ctx, {
        guide: found.guide,
        endUserId: identity,
        fields: parsed.data,
        files: form.files,
        ip: request.ip,
      });
      reply.headers(securityHeaders(null)).header("Cache-Control", "no-store");
      if (found.guide.stayId) reply.headers(STAY_PAGE_HEADERS);
      if (wantsJson) return reply.status(201).send({ message });
      const lang = encodeURIComponent(language);
      return reply.redirect(`${place.basePath}/messages?sent=1&lang=${lang}#thread-h`, 303);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "NOT_FOUND" || !place) throw error;
      if (error.retryAfterSeconds) reply.header("Retry-After", String(error.retryAfterSeconds));
      // In the guest's language, by the error's code (guest-errors.ts).
      const l = guideLabels(language).messaging;
      const isFileProblem =
        error.code === "PAYLOAD_TOO_LARGE" ||
        error.code === "UNSUPPORTED_MEDIA_TYPE" ||
        error.code === "HEIC_NOT_SUPPORTED" ||
        error.reason === "TOO_MANY_FILES";
      const issues = guestIssues(error, language);
      const message =
        error.code === "RATE_LIMITED"
          ? l.tooMany
          : error.code === "PAYLOAD_TOO_LARGE"
            ? l.fileTooLarge(MESSAGE_FILE_MAX_MB)
            : (issues[0]?.message ?? guestErrorText(error, language));
      const fileProblem = isFileProblem ? message : null;
      if (wantsJson) {
        if (fileProblem) issues.splice(0, issues.length, { path: ["files"], message });
        return reply
          .status(error.status)
          .header("Cache-Control", "no-store")
          .send({ error: { code: error.code, message, issues } });
      }
      // Without JavaScript: the page again, with what was typed and the message by its field.
      const errors: MessagesPageModel["errors"] = {};
      for (const issue of issues) {
        const field = issue.path[0] as FieldName | undefined;
        if (field && FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
      }
      if (fileProblem) errors.files = fileProblem;
      return showPage(request, reply, place, {
        status: error.status,
        values: values(),
        errors,
        formError: message,
      });
    }
  }
}
