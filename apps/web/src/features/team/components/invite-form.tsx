import { copy } from "@doorstep/shared/copy";
import { MEMBER_ROLES, roleTakesPropertyLimit, type MemberRole } from "@doorstep/shared/rules/permissions";
import { useId, useState } from "react";
import type { PropertyChoice } from "../../../api/properties/list-property-choices.ts";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PropertyPicker } from "../../../components/ui/property-picker.tsx";

const c = copy.team;

/** What the invite form and "Change role" share: a role and, for editors and viewers, all or chosen properties. */
export function RoleAndProperties({
  role,
  onRole,
  all,
  onAll,
  chosen,
  onChosen,
}: {
  role: MemberRole;
  onRole(role: MemberRole): void;
  all: boolean;
  onAll(all: boolean): void;
  chosen: PropertyChoice[];
  onChosen(next: PropertyChoice[]): void;
}) {
  const id = useId();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-role`}>
          {c.roleLabel}
        </label>
        <select
          id={`${id}-role`}
          className="field__input"
          value={role}
          onChange={(event) => onRole(event.target.value as MemberRole)}
        >
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {c.roles[r]}
            </option>
          ))}
        </select>
        <p className="field__hint">{c.roleHints[role]}</p>
      </div>
      {roleTakesPropertyLimit(role) ? (
        <fieldset className="team__properties">
          <legend className="field__label">{c.propertiesLabel}</legend>
          <label className="team__radio">
            <input type="radio" name={`${id}-scope`} checked={all} onChange={() => onAll(true)} />
            {c.allProperties}
          </label>
          <label className="team__radio">
            <input type="radio" name={`${id}-scope`} checked={!all} onChange={() => onAll(false)} />
            {c.chosenProperties}
          </label>
          {all ? null : <PropertyPicker selected={chosen} onChange={onChosen} />}
        </fieldset>
      ) : (
        <p className="muted">{c.adminSeesAll}</p>
      )}
    </>
  );
}

/** "Invite member": Email, Role, Properties; the invitation is emailed. */
export function InviteForm({
  onInvite,
  busy,
  error,
}: {
  onInvite(input: { email: string; role: MemberRole; propertyIds: string[] | null }): Promise<boolean>;
  busy: boolean;
  error: string | null;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("editor");
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<PropertyChoice[]>([]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const propertyIds = roleTakesPropertyLimit(role) && !all ? chosen.map((p) => p.propertyId) : null;
    if (await onInvite({ email, role, propertyIds })) {
      setEmail("");
      setChosen([]);
      setAll(true);
    }
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h2>{c.inviteHeading}</h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {c.emailLabel}
        </label>
        <input
          id={`${id}-email`}
          className="field__input"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <RoleAndProperties role={role} onRole={setRole} all={all} onAll={setAll} chosen={chosen} onChosen={setChosen} />
      {error ? <Alert>{error}</Alert> : null}
      <div>
        <Button type="submit" busy={busy} disabled={busy || email.trim() === "" || (!all && chosen.length === 0)}>
          {busy ? c.sending : c.sendInvite}
        </Button>
      </div>
    </form>
  );
}
