import type { SessionResponse } from "@doorstep/shared/schemas/auth";
import { apiRequestTrusted } from "../../../lib/api-client.ts";

/** POST /api/auth/login-token: exchanges a single-use `login_token` for a session (AUTH-14, IMPL-21). */
export function loginWithToken(token: string): Promise<SessionResponse> {
  return apiRequestTrusted<SessionResponse>("/api/auth/login-token", { method: "POST", body: { token } });
}
