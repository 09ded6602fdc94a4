import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useDeleteManager } from "../api/delete-manager.ts";

/** "Delete manager" with its confirmation, "Keep" or "Delete" (MGR-12); success goes to /manager (XCUT-14). */
export function DeleteManager({ vanityId }: { vanityId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteManager();
  const [open, setOpen] = useState(false);
  const close = () => {
    if (!remove.isPending) setOpen(false);
  };
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {copy.managers.deleteManager}
      </Button>
      <Dialog
        open={open}
        title={copy.managers.deleteManager}
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {copy.managers.keep}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              disabled={remove.isPending}
              onClick={() => remove.mutate(vanityId, { onSuccess: () => void navigate("/manager", { replace: true }) })}
            >
              {copy.managers.delete}
            </Button>
          </>
        }
      >
        <p>{copy.managers.deleteConfirm}</p>
        {remove.isError ? <Alert>{copy.managers.deleteError}</Alert> : null}
      </Dialog>
    </>
  );
}
