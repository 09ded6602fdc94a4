import type { SubscriptionAlertRequest } from "@doorstep/shared/schemas/billing";
import { apiRequest } from "../../../lib/api-client.ts";

/**
 * POST /api/billing/subscription-alerts (BILL-28/29/31): tells support about a failure the browser saw.
 * Best effort: a failed report must not hide the error the host is already looking at.
 */
export async function reportSubscriptionAlert(body: SubscriptionAlertRequest): Promise<void> {
  try {
    await apiRequest("/api/billing/subscription-alerts", { method: "POST", body });
  } catch {
    // Nothing more to do: the host sees the card error either way.
  }
}
