import {
  SendStayLinkResponse,
  StayLinkResponse,
  StayLinkSettingsResponse,
  type StayLinkDto,
  type UpdateStayLinkSettingsInput,
} from "@doorstep/shared/schemas/stay-links";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { stayKeys } from "../../../api/stays/keys.ts";
import { apiRequest } from "../../../lib/api-client.ts";

const linkKey = (stayId: string) => [...stayKeys.detail(stayId), "link"] as const;
const settingsKey = ["stays", "link-settings"] as const;
const base = (stayId: string) => `/api/stays/${encodeURIComponent(stayId)}`;

/** GET /api/stays/:stayId/link: the stay's guest link (the server makes it on first read). */
export function useStayLink(stayId: string) {
  return useQuery({
    queryKey: linkKey(stayId),
    queryFn: ({ signal }) => apiRequest(`${base(stayId)}/link`, { schema: StayLinkResponse, signal }),
  });
}

/** The link's QR code, downloaded as a file. */
export const stayLinkQrUrl = (stayId: string) => `${base(stayId)}/link/qr.png`;

function useLinkMutation(stayId: string, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${base(stayId)}${path}`, { method: "POST", schema: StayLinkResponse }),
    onSuccess: (link: StayLinkDto) => queryClient.setQueryData(linkKey(stayId), link),
  });
}

/** POST /api/stays/:stayId/link: a new token; the old link stops working at once. */
export const useNewStayLink = (stayId: string) => useLinkMutation(stayId, "/link");
/** POST /api/stays/:stayId/release: "Show details now". */
export const useReleaseStay = (stayId: string) => useLinkMutation(stayId, "/release");

/** POST /api/stays/:stayId/link/send: emails the link to the guest. */
export function useSendStayLink(stayId: string) {
  return useMutation({
    mutationFn: () => apiRequest(`${base(stayId)}/link/send`, { method: "POST", schema: SendStayLinkResponse }),
  });
}

export function useStayLinkSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiRequest("/api/stay-link-settings", { schema: StayLinkSettingsResponse, signal }),
  });
}

export function useUpdateStayLinkSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStayLinkSettingsInput) =>
      apiRequest("/api/stay-link-settings", { method: "PUT", body, schema: StayLinkSettingsResponse }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsKey, settings);
      // Every link's reveal and end follow the settings.
      await queryClient.invalidateQueries({ queryKey: stayKeys.all });
    },
  });
}
