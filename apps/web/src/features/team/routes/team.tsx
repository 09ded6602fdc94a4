import { copy } from "@doorstep/shared/copy";
import { roleTakesPropertyLimit, type MemberRole } from "@doorstep/shared/rules/permissions";
import type { TeamMember } from "@doorstep/shared/schemas/team";
import { useState } from "react";
import type { PropertyChoice } from "../../../api/properties/list-property-choices.ts";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { formatLongDate } from "../../../lib/format.ts";
import { can } from "../../../lib/permissions.ts";
import { useMe } from "../../../lib/session.ts";
import {
  useInviteMember,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeam,
  useTransferOwnership,
  useUpdateMember,
} from "../../../api/team/team.ts";
import { InviteForm, RoleAndProperties } from "../components/invite-form.tsx";
import "./team.css";

const c = copy.team;
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : copy.common.genericError);
const nameOf = (m: TeamMember) => [m.firstName, m.lastName].filter(Boolean).join(" ");

type Open = { kind: "role" | "remove" | "transfer"; member: TeamMember } | null;

/** /team (decisions 056, 057): invite, pending invitations, members with "Change role", "Remove", "Make owner". */
export function TeamPage() {
  const me = useMe();
  const team = useTeam();
  const invite = useInviteMember();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [notice, setNotice] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  if (team.isPending || !me.data) return <LoadingScreen />;
  if (team.isError) return <Alert>{messageOf(team.error)}</Alert>;
  const isOwner = can(me.data.user, "account:own");
  return (
    <div className="team-page stack">
      <div className="page-header">
        <h1>{c.title}</h1>
      </div>
      <p>{c.intro}</p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Card>
        <InviteForm
          busy={invite.isPending}
          error={invite.isError ? messageOf(invite.error) : null}
          onInvite={async (input) => {
            setNotice(null);
            try {
              await invite.mutateAsync(input);
              setNotice(c.invited(input.email));
              return true;
            } catch {
              return false;
            }
          }}
        />
      </Card>
      <section aria-labelledby="team-pending" className="stack">
        <h2 id="team-pending">{c.pendingHeading}</h2>
        {team.data.invitations.length === 0 ? <p className="muted">{c.noPending}</p> : null}
        <ul className="team__list">
          {team.data.invitations.map((inv) => (
            <li key={inv.id} className="team__row">
              <div>
                <strong>{inv.email}</strong> · {c.roles[inv.role]} ·{" "}
                {inv.propertyIds ? c.propertyCount(inv.propertyIds.length) : c.allProperties}
                <div className="muted">{c.expires(formatLongDate(inv.expiresAt))}</div>
              </div>
              <div className="team__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => resend.mutate(inv.id, { onSuccess: () => setNotice(c.resent(inv.email)) })}
                >
                  {c.resend}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => revoke.mutate(inv.id, { onSuccess: () => setNotice(c.revoked(inv.email)) })}
                >
                  {c.revoke}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="team-members" className="stack">
        <h2 id="team-members">{c.membersHeading}</h2>
        <table className="team__table">
          <thead>
            <tr>
              <th scope="col">{c.columns.name}</th>
              <th scope="col">{c.columns.role}</th>
              <th scope="col">{c.columns.properties}</th>
              <th scope="col">{c.columns.lastActive}</th>
              <th scope="col">
                <span className="visually-hidden">{c.changeRole}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {team.data.members.map((m) => (
              <tr key={m.id}>
                <td>
                  {nameOf(m)} {m.isYou ? <span className="muted">{c.you}</span> : null}
                  <div className="muted">{m.email}</div>
                </td>
                <td>{c.roles[m.role]}</td>
                <td>{m.propertyIds ? m.propertyIds.join(", ") : c.allProperties}</td>
                <td>{m.lastActiveAt ? formatLongDate(m.lastActiveAt) : c.neverActive}</td>
                <td className="team__actions">
                  {m.role === "owner" ? null : (
                    <>
                      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: "role", member: m })}>
                        {c.changeRole}
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: "remove", member: m })}>
                        {c.remove}
                      </Button>
                      {isOwner && m.role === "admin" && m.propertyIds === null ? (
                        <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: "transfer", member: m })}>
                          {c.transfer}
                        </Button>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {open?.kind === "role" ? (
        <ChangeRoleDialog member={open.member} onClose={() => setOpen(null)} onDone={setNotice} />
      ) : null}
      {open?.kind === "remove" ? (
        <RemoveDialog member={open.member} onClose={() => setOpen(null)} onDone={setNotice} />
      ) : null}
      {open?.kind === "transfer" ? (
        <TransferDialog member={open.member} onClose={() => setOpen(null)} onDone={setNotice} />
      ) : null}
    </div>
  );
}

interface DialogProps {
  member: TeamMember;
  onClose(): void;
  onDone(notice: string): void;
}

function ChangeRoleDialog({ member, onClose, onDone }: DialogProps) {
  const update = useUpdateMember();
  const [role, setRole] = useState<MemberRole>(member.role === "owner" ? "admin" : member.role);
  const [all, setAll] = useState(member.propertyIds === null);
  const [chosen, setChosen] = useState<PropertyChoice[]>(
    (member.propertyIds ?? []).map((propertyId) => ({ propertyId, title: "" })),
  );
  const save = () =>
    update.mutate(
      {
        id: member.id,
        role,
        propertyIds: roleTakesPropertyLimit(role) && !all ? chosen.map((p) => p.propertyId) : null,
      },
      {
        onSuccess: () => {
          onDone(c.roleChanged(nameOf(member)));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      size="md"
      title={c.changeRoleHeading(nameOf(member))}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button busy={update.isPending} disabled={!all && chosen.length === 0} onClick={save}>
            {c.save}
          </Button>
        </>
      }
    >
      <div className="stack">
        <RoleAndProperties role={role} onRole={setRole} all={all} onAll={setAll} chosen={chosen} onChosen={setChosen} />
        {update.isError ? <Alert>{messageOf(update.error)}</Alert> : null}
      </div>
    </Dialog>
  );
}

function RemoveDialog({ member, onClose, onDone }: DialogProps) {
  const remove = useRemoveMember();
  return (
    <Dialog
      open
      title={c.removeHeading(nameOf(member))}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() =>
              remove.mutate(member.id, {
                onSuccess: () => {
                  onDone(c.removed(nameOf(member)));
                  onClose();
                },
              })
            }
          >
            {c.remove}
          </Button>
        </>
      }
    >
      <p>{c.removeBody}</p>
      {remove.isError ? <Alert>{messageOf(remove.error)}</Alert> : null}
    </Dialog>
  );
}

function TransferDialog({ member, onClose, onDone }: DialogProps) {
  const transfer = useTransferOwnership();
  const [password, setPassword] = useState("");
  return (
    <Dialog
      open
      title={c.transferHeading(nameOf(member))}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {c.cancel}
          </Button>
          <Button
            busy={transfer.isPending}
            disabled={password === ""}
            onClick={() =>
              transfer.mutate(
                { memberId: member.id, password },
                {
                  onSuccess: () => {
                    onDone(c.transferred(nameOf(member)));
                    onClose();
                  },
                },
              )
            }
          >
            {c.transferConfirm}
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>{c.transferBody}</p>
        <div className="field">
          <label className="field__label" htmlFor="transfer-password">
            {c.passwordLabel}
          </label>
          <input
            id="transfer-password"
            className="field__input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {transfer.isError ? <Alert>{messageOf(transfer.error)}</Alert> : null}
      </div>
    </Dialog>
  );
}
