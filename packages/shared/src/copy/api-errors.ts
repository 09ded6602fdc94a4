import type { ErrorReason, NotFoundSubject } from "../errors.ts";
import type { BulkKey } from "../rules/bulk-updates.ts";
import { bulkUpdatesCopy } from "./bulk-updates.ts";
import { shellCopy } from "./shell.ts";
import { billingCopy } from "./billing.ts";
import { contentCopy } from "./content.ts";
import { dashboardCopy } from "./dashboard.ts";
import { guideCopy } from "./guide.ts";
import { localAreaCopy } from "./local-area.ts";
import { messagingCopy } from "./messaging.ts";
import { propertyCopy } from "./properties.ts";
import { affiliatesCopy } from "./affiliates.ts";
import { apiKeysCopy } from "./api-keys.ts";
import { staysCopy } from "./stays.ts";
import { stayImportCopy } from "./stay-import.ts";
import type { StayCsvFileError } from "../rules/stay-import.ts";
import { stayLinksCopy } from "./stay-links.ts";
import { guestStayCopy } from "./guest-stay.ts";
import { guestStoreCopy } from "./guest-store.ts";
import { storeCopy } from "./store.ts";
import { scheduledMessagesCopy } from "./scheduled-messages.ts";
import { teamCopy } from "./team.ts";

const { billing } = billingCopy;
const { stayImport } = stayImportCopy;
const { content } = contentCopy;
const { errors } = dashboardCopy;
const { guide } = guideCopy;
const { localArea } = localAreaCopy;
const { messaging, guestMessaging: g } = messagingCopy;
const { properties, basicSetup } = propertyCopy;
const { bulkUpdates: bulk } = bulkUpdatesCopy;
const { apiKeys } = apiKeysCopy;
const { stays } = staysCopy;

/** "45 seconds", "1 minute", "15 minutes": how long until a limited caller may try again. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** NOT_FOUND's message for each subject: the sentences the API has always sent. */
const notFoundMessages: Record<NotFoundSubject, string> = {
  account: "Account not found",
  affiliate: "Not an affiliate",
  "affiliate-label": "No affiliate with this label",
  category: "Category not found",
  "company-profile": "Company profile not found",
  "content-item": "Content item not found",
  conversation: "Conversation not found",
  file: "File not found",
  guide: "Guide not found",
  invoice: "Invoice not found",
  "local-area-profile": "Local area profile not found",
  invitation: "Invitation not found",
  manager: "Manager not found",
  member: "Member not found",
  place: "Place not found",
  property: "Property not found",
  "property-copy": "Copy not found",
  reward: "Reward not found",
  stay: "Stay not found",
  "stay-feed": "Calendar feed not found",
  offer: "Offer not found",
  order: "Order not found",
  "message-rule": "Scheduled message not found",
  "scheduled-message": "Scheduled message not found",
  "sub-content-item": "Sub-content item not found",
  template: "Template not found",
  user: "User not found",
};

/**
 * Why a bulk update's value fails the single-property edit's schema, from the detail and zod's issue code:
 * the schema's own sentences for the failures a host can type, else the detail's name.
 */
function bulkValueInvalid({ key, issue }: { key: BulkKey; issue: string }): string {
  if ((key === "DefaultLanguage" || key === "LanguageTranslations") && issue === "custom") return bulk.unknownLanguage;
  if ((key === "PrimaryColour" || key === "SecondaryColour") && issue === "invalid_format")
    return shellCopy.common.hexInvalid;
  if (key === "LinkedManager" && issue === "invalid_format") return bulk.managerIdFormat;
  return bulk.invalidValue(bulk.keys[key]);
}

const quoted = (fields: readonly string[]) => fields.map((f) => `\`${f}\``).join(", ");

/**
 * Copy: the API's error messages in English, one per code (decision 035), a function of the code's parameters.
 * The server renders an AppError's message from here; the guide renders the codes a guest meets in the
 * guest's language (guide-i18n) instead. Part of the catalogue, kept out of ../copy.ts: only the server
 * reads it, and the dashboard's first view does not carry it.
 */
export const apiErrorCopy = {
  // The API codes: the messages they had before the specific codes, which the error handler also sends.
  VALIDATION_FAILED: () => "The request is not valid.",
  UNAUTHENTICATED: () => "Please log in.",
  FORBIDDEN: () => "You cannot do this.",
  NOT_FOUND: (params?: { subject?: NotFoundSubject }) =>
    params?.subject ? notFoundMessages[params.subject] : "Not found",
  CONFLICT: () => "This conflicts with the current state. Reload and try again.",
  RATE_LIMITED: () => "Too many requests. Please try again later.",
  PAYLOAD_TOO_LARGE: () => "The upload is too large.",
  UNSUPPORTED_MEDIA_TYPE: () => "This content type is not supported.",
  INTERNAL: () => "Something went wrong.",
  UNAVAILABLE: () => "The service is briefly unavailable. Please try again in a moment.",
  EMAIL_TAKEN: () => "This email address is already in use.",
  INVALID_EMAIL: () => "Please enter a valid email address.",
  WEAK_PASSWORD: () => "The password must be 8 to 128 characters and not a common password.",
  BOT_DETECTED: ({ action }: { action: "sign-up" | "login" }) =>
    action === "sign-up" ? "Sign-up refused." : "Login refused.",
  USER_NOT_FOUND: () => "No user with that email address.",
  WRONG_PASSWORD: () => "Incorrect password.",
  ACCOUNT_DELETED: () => errors.accountDeleted,
  CURRENT_PASSWORD_INCORRECT: () => "The current password is not correct.",
  TOKEN_EXPIRED: () => "This link has expired.",
  WEBLINK_TAKEN: () => properties.weblinkUnavailable,
  WEBLINK_INVALID: () => properties.weblinkCharacters,
  INVALID_PASSCODE: () => guide.passcodeWrong,
  WORDS_NOT_FOUND: () => "Words not found.",
  NOT_CONFIGURED: () => "This is not available here yet.",
  VIDEO_EXISTS: () => content.videoExists,
  HEIC_NOT_SUPPORTED: () => errors.heicNotSupported,
  IMAGE_TOO_MANY_PIXELS: () => errors.imageTooManyPixels,
  CARD_DECLINED: () => billing.cardDeclined,
  // BILL-29: the payment provider's own words for the card.
  CARD_INSUFFICIENT_FUNDS: ({ providerMessage }: { providerMessage: string }) => providerMessage,
  CARD_AUTHENTICATION_REQUIRED: () => billing.authenticationRequired,
  CARD_INVALID: ({ providerMessage }: { providerMessage: string }) => providerMessage,
  CARD_NOT_SAVED: () => billing.cardNotSaved,
  SUBSCRIPTION_FAILED: () => billing.subscriptionFailed,
  SUBSCRIPTION_EXISTS: () => "You already have a subscription.",
  NO_SUBSCRIPTION: () => "There is no subscription to update.",
  WEBHOOK_SIGNATURE_INVALID: () => "The webhook signature is not valid.",
  PLACE_EXISTS: () => localArea.alreadyAdded,
  API_KEY_INVALID: () => apiKeys.errors.invalid,
  API_KEY_NOT_ALLOWED: () => apiKeys.errors.notAllowed,
  IDEMPOTENCY_KEY_REUSED: () => apiKeys.errors.idempotencyReused,

  // Accounts and requests
  ORIGIN_MISSING: () => "This request did not say which site it came from.",
  CROSS_SITE_REQUEST: () => "Requests from another site are refused.",
  TOO_MANY_ATTEMPTS: ({ retryAfterSeconds }: { retryAfterSeconds: number }) =>
    `Too many attempts. Try again in ${describeWait(retryAfterSeconds)}.`,
  INVALID_CURSOR: () => "Invalid cursor",
  NO_SUCH_USER: () => "No such user",
  DATABASE_UNREACHABLE: ({ redisDown }: { redisDown: boolean }) =>
    `Database unreachable${redisDown ? "; Redis unreachable" : ""}`,
  // Uploads and files
  NOT_MULTIPART: () => "Send the file as multipart/form-data.",
  UPLOAD_FILE_COUNT: ({ fields, max }: { fields: readonly string[]; max: number }) =>
    max === 1
      ? `Upload exactly one file in the field \`${fields[0]}\`.`
      : `Upload from 1 to ${max} files in the field${fields.length > 1 ? "s" : ""} ${quoted(fields)}.`,
  TOO_MANY_FILES: ({ max }: { max: number }) => messaging.tooManyFiles(max),
  UPLOAD_INCOMPLETE: () => errors.uploadIncomplete,
  IMAGE_TYPE: () => "The file is not a supported image.",
  IMAGE_UNREADABLE: () => "The image could not be read.",
  VIDEO_TYPE: () => content.videoType,
  PDF_TYPE: () => content.pdfType,
  PDF_ACTIVE: () => content.pdfActive,
  ATTACHMENT_TYPE: () => messaging.fileType,
  // Properties
  SHARED_CONTENT_LOCKED: () =>
    "The shared content area is not a guide: it cannot be edited, published, deleted, protected with a passcode or given a cover here.",
  COMPANY_BRANDING_NEEDS_COMPANY: () => basicSetup.companyBrandingNeedsCompany,
  DEFAULT_LANGUAGE_INVALID: () => "The default language must be English or one of the translations.",
  DEFAULT_LANGUAGE_NOT_TRANSLATED: () => "Tick this language as a translation first.",
  POSTER_UNPRINTABLE: () => properties.posterPdfUnprintable,
  COMPANY_EXISTS: () => "Your account already has a company profile.",
  DEFAULT_MANAGER_UNDELETABLE: () => "The default manager cannot be deleted.",
  WHAT3WORDS_NOT_CONFIGURED: () => basicSetup.what3wordsNotConfigured,
  // Content
  TITLE_IN_ENGLISH_REQUIRED: () => "Please enter a title in English",
  CATEGORY_HAS_SUB_CATEGORIES: () => "Add custom content to one of this category's sub-categories.",
  CATEGORY_FULL: ({ max }: { max: number }) => `A category holds at most ${max} items.`,
  TEMPLATE_CONTENT_EXISTS: () => "This template already has content on this property. Edit it instead.",
  CONTENT_CHANGED: () => "This content was changed elsewhere. Reload it and try again.",
  SUB_ITEM_KIND: ({ subType, kind }: { subType: string; kind: string }) =>
    `A ${subType} sub-item cannot hold a ${kind}.`,
  SUB_ITEM_TEXT_REQUIRED: () => "A text sub-item needs its text.",
  SUB_ITEM_BUTTON_INCOMPLETE: () => "A button needs a label and a link.",
  SUB_ITEM_LINK_INCOMPLETE: () => "An internal link needs a label and a path.",
  SUB_ITEM_REPEATED: () => "Each sub-item may appear once.",
  SUB_ITEMS_TOO_MANY: ({ max }: { max: number }) => `At most ${max} sub-content items.`,
  TRANSLATION_REPEATED: () => "Each language may appear once.",
  LOCAL_AREA_INCOMPLETE: () => localArea.enterAll,
  PLACE_LIST_FULL: ({ max }: { max: number }) => `A list holds at most ${max} places.`,
  STAY_CHECK_OUT_BEFORE_CHECK_IN: () => stays.checkOutBeforeCheckIn,
  STAY_LANGUAGE_NOT_IN_GUIDE: () => stays.invalidLanguage,
  STAY_DATE_INVALID: () => stays.invalidDate,
  STAY_NO_GUEST_EMAIL: () => stayLinksCopy.stayLink.noEmail,
  STAY_CANCELLED: () => stayLinksCopy.stayLink.inactive,
  STAY_LINK_INACTIVE: () => guestStayCopy.guestStay.inactive,
  OFFER_UNAVAILABLE: () => storeCopy.storeErrors.offerUnavailable,
  OFFER_SLOT_UNAVAILABLE: () => storeCopy.storeErrors.slotUnavailable,
  OFFER_QUANTITY_TOO_HIGH: ({ max }: { max: number }) => storeCopy.storeErrors.quantityTooHigh(max),
  ORDER_NOT_PENDING: () => storeCopy.storeErrors.orderNotPending,
  ORDER_NOT_PAID: () => storeCopy.storeErrors.orderNotPaid,
  ORDER_REFUND_TOO_HIGH: () => storeCopy.storeErrors.refundTooHigh,
  STORE_NOT_READY: () => storeCopy.storeErrors.storeNotReady,
  ORDER_KEY_REUSED: () => storeCopy.storeErrors.idempotencyReused,
  ORDER_ALREADY_REQUESTED: () => guestStoreCopy.guestStore.alreadyRequested,
  STAY_FEED_LIMIT: ({ max }: { max: number }) => `A property can have at most ${max} calendar feeds.`,
  STAY_RANGE_INVALID: ({ max }: { max: number }) => stays.rangeInvalid(max),
  STAY_IMPORT_NOT_CSV: () => stayImport.notCsv,
  // The file's own reason (rules/stay-import.ts) with its params, in the import page's words.
  STAY_IMPORT_FILE_INVALID: ({ reason, ...params }: { reason: StayCsvFileError } & Record<string, unknown>) =>
    (stayImport.fileError[reason] as (p: unknown) => string)(params),
  STAY_IMPORT_CHANGED: () => stayImport.changedSincePreview,
  // Scheduled messages (decision 050)
  MESSAGE_DETAIL_UNKNOWN: ({ detail }: { detail: string }) =>
    scheduledMessagesCopy.scheduledMessages.unknownDetail(detail),
  MESSAGE_CHANNEL_UNAVAILABLE: () => scheduledMessagesCopy.scheduledMessages.smsUnavailable,
  MESSAGE_TEXT_REQUIRED: () => scheduledMessagesCopy.scheduledMessages.textRequired,
  // Messaging
  REPLIES_OFF: () => messaging.replyOff,
  REPLY_EMPTY: () => messaging.emptyReply,
  GUEST_MESSAGES_OFF: () => g.off,
  GUEST_FIELD_REQUIRED: ({ field }: { field: "firstName" | "lastName" | "message" }) => g.required(g[field]),
  GUEST_MESSAGE_TOO_LONG: ({ max }: { max: number }) => g.messageTooLong(max),
  GUEST_EMAIL_INVALID: () => g.emailInvalid,
  PUSH_NO_CONVERSATION: () => g.notifyFailed,
  PUSH_ENDPOINT_REFUSED: () => g.notifyFailed,
  // The guide
  GUIDE_NOT_FOUND: () => "Guide not found",
  GUIDE_PAGE_NOT_FOUND: () => guide.notFound,
  GUIDE_FILE_NOT_FOUND: () => "File not found",
  GUIDE_INACTIVE: () => guide.inactive,
  PASSCODE_FORMAT: () => guide.passcodeFormat,
  PASSCODE_TOO_MANY: ({ retryAfterSeconds }: { retryAfterSeconds: number }) => guide.passcodeTooMany(retryAfterSeconds),
  // Billing, referrals, affiliates
  BILLING_OWNER_ONLY: () => "Only the account owner can manage billing.",
  REFERRALS_OWNER_ONLY: () => "Only the account owner can see referrals.",
  AFFILIATE_PAYMENT_OWNER_ONLY: () => affiliatesCopy.affiliates.payment.masterOnly,
  NO_REWARD_TO_CLAIM: () => "There is no reward to claim right now.",
  SUBSCRIPTION_PENDING: () => "Your subscription is already being set up.",
  PLAN_UNAVAILABLE: () => "This plan is not available.",
  PLAN_NOT_OFFERED: () => "Not in your plans",
  STRIPE_NOT_CONFIGURED: () => "Card payments through Stripe are not available here.",
  STRIPE_CARD_ENTRY_UNAVAILABLE: () => "This card form is not available here. Use the test card form.",
  TEST_CARD_ENTRY_UNAVAILABLE: () => "Test card entry is not available here.",
  // Bulk updates
  BULK_KEY_UNKNOWN: () => bulk.unknownKey,
  BULK_NO_VALUES: () => bulk.noValues,
  BULK_ONE_VALUE: () => bulk.oneValue,
  BULK_ON_OR_OFF: () => bulk.onOrOff,
  BULK_MANAGER_UNKNOWN: () => bulk.unknownManager,
  BULK_VALUE_INVALID: bulkValueInvalid,
  // API keys
  API_KEYS_OWNER_ONLY: () => apiKeys.ownerOnly,
  // Teams
  ROLE_NOT_ALLOWED: () => teamCopy.teamErrors.roleNotAllowed,
  ALL_PROPERTIES_NOT_ALLOWED: () => teamCopy.teamErrors.allPropertiesNotAllowed,
  INVITATION_INVALID: () => teamCopy.teamErrors.invitationInvalid,
  INVITATION_EMAIL_HAS_ACCOUNT: () => teamCopy.teamErrors.emailHasAccount,
  INVITATION_PENDING: () => teamCopy.teamErrors.invitationPending,
  MEMBER_IS_OWNER: () => teamCopy.teamErrors.memberIsOwner,
  OWNERSHIP_NEEDS_ADMIN: () => teamCopy.teamErrors.ownershipNeedsAdmin,
  ACCOUNT_DELETE_CONFIRMATION: () => teamCopy.accountData.wrongConfirmation,
  API_KEY_LIMIT: ({ max }: { max: number }) => apiKeys.errors.limit(max),
  IDEMPOTENCY_KEY_FORMAT: ({ max }: { max: number }) => apiKeys.errors.idempotencyFormat(max),
  IDEMPOTENCY_IN_PROGRESS: () => apiKeys.errors.idempotencyInProgress,
} as const satisfies Record<ErrorReason, (params: never) => string>;

type ApiErrorCopy = typeof apiErrorCopy;

/** The parameters of `reason`'s message; `undefined` for a message that takes none. */
export type ErrorParams<R extends ErrorReason> =
  Parameters<ApiErrorCopy[R]> extends [] ? undefined : Parameters<ApiErrorCopy[R]>[0];

/** `reason`'s message in English, from its parameters. */
export function renderApiError<R extends ErrorReason>(reason: R, params: ErrorParams<R>): string {
  return (apiErrorCopy[reason] as (params: ErrorParams<R>) => string)(params);
}
