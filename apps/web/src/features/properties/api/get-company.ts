import { CompanyResponse, type CompanyDto } from "@doorstep/shared/schemas/company";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** GET /api/company: whether "Use company branding" can be offered (CO-07). Same key as features/company, kept apart: a feature does not import another. */
export async function getCompany(signal?: AbortSignal): Promise<CompanyDto | null> {
  const { company } = await apiRequest("/api/company", { schema: CompanyResponse, signal });
  return company;
}

export function useCompany() {
  return useQuery({ queryKey: ["company"], queryFn: ({ signal }) => getCompany(signal) });
}
