import { StayImportResponse, type StayImportPreviewFields } from "@doorstep/shared/schemas/stay-import";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { ApiError, BASE_HEADERS, toApiError } from "../../../lib/api-client.ts";

/** The file and its reading: the preview's fields, and the preview's digest for the apply. */
export interface StayImportRequest extends StayImportPreviewFields {
  file: File;
  digest?: string;
}

/** POST the file as multipart/form-data: the fields first, so the server has them when the file arrives. */
async function send(path: string, { file, ...fields }: StayImportRequest): Promise<StayImportResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append("file", file);
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", credentials: "same-origin", headers: BASE_HEADERS, body: form });
  } catch {
    throw new ApiError("INTERNAL", 0, "Network error");
  }
  const body = await response.text();
  if (!response.ok) throw toApiError(response.status, body);
  return StayImportResponse.parse(JSON.parse(body));
}

/** POST /api/stays/import/preview: what importing the file would do, row by row; writes nothing. */
export function usePreviewStayImport() {
  return useMutation({ mutationFn: (request: StayImportRequest) => send("/api/stays/import/preview", request) });
}

/** POST /api/stays/import: the same file again with the preview's digest; 409 when the outcomes moved. */
export function useApplyStayImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: StayImportRequest & { digest: string }) => send("/api/stays/import", request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stayKeys.all }),
  });
}
