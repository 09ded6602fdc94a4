import type { TestApp } from "./app.ts";
import { flushVisits } from "../features/visits/visits.service.ts";

export const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
export const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

/** A guest's tracking session id, readable in a failing assertion. */
export const sessionId = (name: string) => `${name}-engagement-session-id`;

/**
 * A guest's reports as the guide sends them, to the app `app` gives (a test file's, once started): section beacons, and visits written at once (they wait in a
 * buffer otherwise, report-buffer.ts). Each call comes from a new address in `network` (two octets, such
 * as "198.19") unless one is given, so only a rate-limit test meets the limit.
 */
export function guestReports(app: () => TestApp, network: string) {
  let ip = 0;
  const nextAddress = () => {
    ip += 1;
    return `${network}.${ip >> 8}.${ip & 255}`;
  };
  return {
    beacon: (body: object, ua = IPHONE, from?: string) =>
      app().app.inject({
        method: "POST",
        url: "/api/guide/engagement",
        remoteAddress: from ?? nextAddress(),
        headers: { "user-agent": ua },
        payload: body,
      }),
    /** `extra`: what else the page sends (`language`, `utmSource`). */
    visit: async (propertyId: string, session: string, ua = IPHONE, extra: object = {}) => {
      const t = app();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/guide/visits",
        remoteAddress: nextAddress(),
        headers: { "user-agent": ua },
        payload: { propertyId, trackingSessionId: session, ...extra },
      });
      // Written now, at the clock it was reported at.
      await flushVisits(t.ctx);
      return res;
    },
  };
}
