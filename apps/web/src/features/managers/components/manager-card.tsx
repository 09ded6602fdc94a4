import { copy } from "@doorstep/shared/copy";
import type { ManagerSummary } from "@doorstep/shared/schemas/manager";
import { Link } from "../../../components/ui/link.tsx";
import { ManagerAvatar } from "./manager-avatar.tsx";

/** One manager in the list: a link to its profile with photo, name, DEFAULT label and property count (MGR-02, MGR-13). */
export function ManagerCard({ manager }: { manager: ManagerSummary }) {
  return (
    <Link to={`/manager-profile/${encodeURIComponent(manager.vanityId)}`} className="manager-card">
      <ManagerAvatar firstName={manager.firstName} lastName={manager.lastName} photoUrl={manager.photoUrl} />
      <span className="manager-card__text">
        <span className="manager-card__name">
          {manager.firstName} {manager.lastName}
        </span>
        <span className="manager-card__count">{copy.managers.propertyCount(manager.propertyCount)}</span>
      </span>
      {manager.isDefault ? <span className="manager-card__default">{copy.managers.defaultLabel}</span> : null}
    </Link>
  );
}
