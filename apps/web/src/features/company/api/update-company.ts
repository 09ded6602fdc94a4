import type { UpdateCompanyRequest } from "@doorstep/shared/schemas/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyQueryKey } from "../../../api/company/get-company.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";

/** The request as sent: "" clears the website (the schema turns it into null). */
export type CompanyPatch = { [K in keyof UpdateCompanyRequest]?: string | null };

/** PATCH /api/company: 204, then the company (and properties using its branding) are re-fetched (CO-05). */
export function updateCompany(body: CompanyPatch): Promise<void> {
  return apiRequest("/api/company", { method: "PATCH", body });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companyQueryKey });
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
    },
  });
}
