import { copy } from "@doorstep/shared/copy";
import { DeletedPage } from "../../../components/ui/deleted-page.tsx";

/** /manager after a delete (MGR-12, XCUT-14): "Manager has been deleted" and the way back to the list. */
export function ManagerDeletedPage() {
  return (
    <DeletedPage type={copy.managers.managerType} backTo="/property-managers" backLabel={copy.managers.backToList} />
  );
}
