import {
  ConversationListResponse,
  ConversationResponse,
  MessageResponse,
  UnreadCountResponse,
  type MessageDto,
} from "@doorstep/shared/schemas/messaging";
import { PropertyListResponse } from "@doorstep/shared/schemas/property";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { messagingKeys } from "../../../api/messaging/keys.ts";
import { propertyKeys } from "../../../api/properties/keys.ts";
import { apiRequest, ApiError, BASE_HEADERS, toApiError } from "../../../lib/api-client.ts";
import { meQueryKey } from "../../../lib/session.ts";

/** A fallback look while the page is open, should the live events be cut (a proxy, a network change). */
const POLL_MS = 60_000;

export { messagingKeys };

/** GET /api/conversations: latest message first (MSG-03), a page at a time, optionally one property's. */
export function useConversations(propertyId: string | null = null) {
  return useInfiniteQuery({
    queryKey: messagingKeys.list(propertyId),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (propertyId) params.set("propertyId", propertyId);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return apiRequest(`/api/conversations${query ? `?${query}` : ""}`, { schema: ConversationListResponse, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: POLL_MS,
  });
}

/** GET /api/conversations/:id: the conversation and its messages, oldest first (MSG-06). */
export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/conversations/${encodeURIComponent(id)}`, { schema: ConversationResponse, signal }),
    refetchInterval: POLL_MS,
  });
}

/** MSG-10: inbound messages shown are marked read; the badge takes the new count at once. */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageIds: string[]) =>
      apiRequest(`/api/conversations/${encodeURIComponent(id)}/read`, {
        method: "POST",
        body: { messageIds },
        schema: UnreadCountResponse,
      }),
    onSuccess: async ({ unreadMessageCount }) => {
      queryClient.setQueryData(meQueryKey, (me: { unreadMessageCount: number } | null | undefined) =>
        me ? { ...me, unreadMessageCount } : me,
      );
      await queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });
}

/** POST /api/conversations/:id/messages: text and up to 10 files (MSG-09, MSG-11). */
async function sendReply(id: string, text: string, files: File[]): Promise<MessageDto> {
  const form = new FormData();
  form.append("text", text);
  for (const file of files) form.append("files", file);
  let response: Response;
  try {
    response = await fetch(`/api/conversations/${encodeURIComponent(id)}/messages`, {
      method: "POST",
      credentials: "same-origin",
      headers: BASE_HEADERS,
      body: form,
    });
  } catch {
    throw new ApiError("INTERNAL", 0, "Network error");
  }
  const body = await response.text();
  if (!response.ok) throw toApiError(response.status, body);
  return MessageResponse.parse(JSON.parse(body)).message;
}

export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, files }: { text: string; files: File[] }) => sendReply(id, text, files),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

export function useSetBlocked(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) =>
      apiRequest(`/api/conversations/${encodeURIComponent(id)}`, { method: "PATCH", body: { blocked } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagingKeys.all }),
  });
}

/** MSG-17, OPEN-51: the tick box sets the property's inbound and outbound flags together. */
export function useSetPropertyMessaging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ propertyId, on }: { propertyId: string; on: boolean }) =>
      apiRequest(`/api/properties/${encodeURIComponent(propertyId)}`, {
        method: "PATCH",
        body: { inboundMessagingActive: on, outboundMessagingActive: on },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: propertyKeys.all });
      await queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      // MessagingActiveStatus (the header's chat icon) follows.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** Every property with its messaging flag, a page at a time (the settings list). */
export function useMessagingProperties() {
  return useInfiniteQuery({
    queryKey: [...propertyKeys.lists(), "messaging"],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: "50" });
      if (pageParam) params.set("cursor", pageParam);
      return apiRequest(`/api/properties?${params.toString()}`, { schema: PropertyListResponse, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}
