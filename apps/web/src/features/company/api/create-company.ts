import { CompanyResponse, type CreateCompanyRequest } from "@doorstep/shared/schemas/company";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyQueryKey } from "../../../api/company/get-company.ts";

/** POST /api/company { brandName } → 201 (CO-03, CO-04; one per account, OPEN-49). */
export async function createCompany(body: CreateCompanyRequest): Promise<void> {
  await apiRequest("/api/company", { method: "POST", body, schema: CompanyResponse });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyQueryKey }),
  });
}
