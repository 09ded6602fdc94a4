import { SetupIntentResponse } from "@doorstep/shared/schemas/billing";
import { apiRequest } from "../../../lib/api-client.ts";

/** POST /api/billing/setup-intent: the client secret Stripe Elements confirms the card with (BILL-20; 503 without Stripe). */
export async function createSetupIntent(): Promise<string> {
  const { clientSecret } = await apiRequest("/api/billing/setup-intent", {
    method: "POST",
    schema: SetupIntentResponse,
  });
  return clientSecret;
}
