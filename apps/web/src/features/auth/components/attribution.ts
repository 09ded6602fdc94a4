import { ATTRIBUTION_QUERY_PARAMS, type CreateAccountRequest } from "@doorstep/shared/schemas/auth";

type AttributionField = (typeof ATTRIBUTION_QUERY_PARAMS)[keyof typeof ATTRIBUTION_QUERY_PARAMS];
export type Attribution = Partial<Pick<CreateAccountRequest, AttributionField>>;

/**
 * The marketing hand-off (IMPL-38, AUTH-27/30): ref, utm_*, landing_page, coupon… from the query
 * string, and the referring site's hostname as sourceUrl when the query string has none.
 */
export function readAttribution(search: string, referrer: string): Attribution {
  const params = new URLSearchParams(search);
  const attribution: Attribution = {};
  for (const [param, field] of Object.entries(ATTRIBUTION_QUERY_PARAMS) as [string, AttributionField][]) {
    const value = params.get(param)?.trim();
    if (value && attribution[field] === undefined) attribution[field] = value.slice(0, 500);
  }
  if (attribution.sourceBrand) attribution.sourceBrand = attribution.sourceBrand.toLowerCase();
  if (!attribution.sourceUrl && referrer) {
    try {
      attribution.sourceUrl = new URL(referrer).hostname;
    } catch {
      // An unparseable referrer says nothing useful.
    }
  }
  return attribution;
}
