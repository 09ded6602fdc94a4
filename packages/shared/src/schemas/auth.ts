import { z } from "zod";
import { text } from "./text.ts";
import { PASSWORD_MAX_LENGTH } from "../constants.ts";
import { UserDto } from "./user.ts";

const Email = text().trim().min(1).max(254);
const Password = text()
  .min(1)
  .max(PASSWORD_MAX_LENGTH * 4);
const Attribution = text().trim().max(500).optional();

/** Sign-up (AUTH-27). `website` is the honeypot: people leave it empty. */
export const CreateAccountRequest = z.object({
  firstName: text().trim().min(1).max(100),
  email: Email,
  password: Password,
  website: text().max(500).optional(),
  referralId: Attribution,
  utmSource: Attribution,
  utmMedium: Attribution,
  utmCampaign: Attribution,
  utmTerm: Attribution,
  utmContent: Attribution,
  landingPage: Attribution,
  sourceUrl: Attribution,
  sourceBrand: Attribution,
  coupon: Attribution,
});
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;

/** The query-string names the marketing site hands to /create-account (IMPL-38) → request fields. */
export const ATTRIBUTION_QUERY_PARAMS = {
  ref: "referralId",
  referral_id: "referralId",
  utm_source: "utmSource",
  utm_medium: "utmMedium",
  utm_campaign: "utmCampaign",
  utm_term: "utmTerm",
  utm_content: "utmContent",
  landing_page: "landingPage",
  sourceUrl: "sourceUrl",
  sourceBrand: "sourceBrand",
  coupon: "coupon",
} as const satisfies Record<string, keyof CreateAccountRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: Password,
  website: text().max(500).optional(),
  /** For API clients only: also return the session token in the body (the browser uses the cookie). */
  issueToken: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Login, sign-up and auto-login answer with the user and the deployed client version (AUTH-07). */
export const SessionResponse = z.object({
  user: UserDto,
  appVersion: text(),
  token: text().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ForgotPasswordResponse = z.object({ userFound: z.literal(true) });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordRequest = z.object({
  email: Email,
  token: text().min(1).max(200),
  password: Password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const LoginTokenRequest = z.object({ token: text().min(1).max(200) });
export type LoginTokenRequest = z.infer<typeof LoginTokenRequest>;
