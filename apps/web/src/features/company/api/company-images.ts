import { useQueryClient } from "@tanstack/react-query";
import { companyQueryKey } from "../../../api/company/get-company.ts";

/** PUT / DELETE (multipart "file") for the logo and the home screen icon (CO-01); components/ui/image-item sends them. */
export const COMPANY_LOGO_URL = "/api/company/logo";
export const COMPANY_ICON_URL = "/api/company/icon";

export function useRefreshCompany() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyQueryKey });
}
