import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useDeleteContentItem } from "../api/delete-content-item.ts";

const c = copy.content;

/** The editor's delete question (CONT-31); a shared item is removed from every property (SHARED-13). */
export function DeleteItemDialog({
  open,
  propertyId,
  itemId,
  isShared,
  onKeep,
  onDeleted,
}: {
  open: boolean;
  propertyId: string;
  itemId: string | null;
  isShared: boolean;
  onKeep: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteContentItem(propertyId);
  return (
    <Dialog
      open={open}
      title={c.deleteItem}
      onClose={onKeep}
      actions={
        <>
          <Button variant="secondary" onClick={onKeep}>
            {c.keep}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            disabled={remove.isPending}
            onClick={() => {
              if (itemId) remove.mutate(itemId, { onSuccess: onDeleted });
            }}
          >
            {c.delete}
          </Button>
        </>
      }
    >
      <p>{isShared ? c.deleteSharedConfirm : c.deleteConfirm}</p>
      {remove.isError ? <Alert>{copy.common.genericError}</Alert> : null}
    </Dialog>
  );
}
