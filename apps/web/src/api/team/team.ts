import {
  InvitationResponse,
  TeamResponse,
  type InviteMemberRequest,
  type TransferOwnershipRequest,
  type UpdateMemberRequest,
} from "@doorstep/shared/schemas/team";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client.ts";
import { meQueryKey } from "../../lib/session.ts";

// The team page's operations (decisions 056, 057), in one file as messaging keeps its own.
const teamKey = ["team"] as const;

/** GET /api/team: members and pending invitations. */
export function useTeam() {
  return useQuery({
    queryKey: teamKey,
    queryFn: ({ signal }) => apiRequest("/api/team", { schema: TeamResponse, signal }),
  });
}

function useTeamMutation<T>(run: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKey });
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** POST /api/team/invitations. */
export const useInviteMember = () =>
  useTeamMutation((body: InviteMemberRequest) =>
    apiRequest("/api/team/invitations", { method: "POST", body, schema: InvitationResponse }),
  );

/** POST /api/team/invitations/:id/resend: a new link, 7 more days. */
export const useResendInvitation = () =>
  useTeamMutation((id: string) =>
    apiRequest(`/api/team/invitations/${encodeURIComponent(id)}/resend`, {
      method: "POST",
      body: {},
      schema: InvitationResponse,
    }),
  );

/** DELETE /api/team/invitations/:id. */
export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => apiRequest(`/api/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }));

/** PATCH /api/team/members/:id: role and properties; the member is signed out. */
export const useUpdateMember = () =>
  useTeamMutation(({ id, ...body }: UpdateMemberRequest & { id: string }) =>
    apiRequest(`/api/team/members/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  );

/** DELETE /api/team/members/:id. */
export const useRemoveMember = () =>
  useTeamMutation((id: string) => apiRequest(`/api/team/members/${encodeURIComponent(id)}`, { method: "DELETE" }));

/** POST /api/team/ownership. */
export const useTransferOwnership = () =>
  useTeamMutation((body: TransferOwnershipRequest) => apiRequest("/api/team/ownership", { method: "POST", body }));
