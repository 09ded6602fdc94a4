import { CompanyResponse, type CompanyDto } from "@doorstep/shared/schemas/company";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";

export const companyQueryKey = ["company"] as const;

/**
 * GET /api/company: the account's company, or null when none exists yet (CO-03, CO-06). The company profile
 * edits it; a property's details offer "Use company branding" only when it exists (CO-07).
 */
export async function getCompany(signal?: AbortSignal): Promise<CompanyDto | null> {
  const { company } = await apiRequest("/api/company", { schema: CompanyResponse, signal });
  return company;
}

export function useCompany() {
  return useQuery({ queryKey: companyQueryKey, queryFn: ({ signal }) => getCompany(signal) });
}
