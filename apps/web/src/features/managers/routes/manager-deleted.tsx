import { copy } from "@doorstep/shared/copy";
import { ButtonLink } from "../../../components/ui/button.tsx";
import "./managers.css";

/** /manager after a delete (MGR-12, XCUT-14): "Manager has been deleted" and the way back to the list. */
export function ManagerDeletedPage() {
  return (
    <div className="managers-deleted">
      <h1>{copy.deleted.title(copy.managers.managerType)}</h1>
      <ButtonLink to="/property-managers" variant="secondary">
        {copy.managers.backToList}
      </ButtonLink>
    </div>
  );
}
