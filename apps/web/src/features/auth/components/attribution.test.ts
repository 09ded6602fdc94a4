import { describe, expect, it } from "vitest";
import { readAttribution } from "./attribution.ts";

describe("readAttribution (IMPL-38, AUTH-27)", () => {
  it("maps the marketing query parameters to request fields", () => {
    const attribution = readAttribution(
      "?ref=abc123&utm_source=google&utm_campaign=spring&coupon=P10&sourceBrand=Airbnb",
      "",
    );
    expect(attribution).toEqual({
      referralId: "abc123",
      utmSource: "google",
      utmCampaign: "spring",
      coupon: "P10",
      sourceBrand: "airbnb",
    });
  });

  it("uses the referrer's hostname as sourceUrl", () => {
    expect(readAttribution("", "https://www.doorstep.guide/pricing?x=1")).toEqual({ sourceUrl: "www.doorstep.guide" });
    expect(readAttribution("", "")).toEqual({});
  });
});
