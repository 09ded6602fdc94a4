import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useCancelStay } from "../api/cancel-stay.ts";

/** "Cancel stay", asked first: "Keep stay" or "Cancel stay". The stay's page then says it is cancelled. */
export function CancelStay({ stayId }: { stayId: string }) {
  const cancel = useCancelStay();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await cancel.mutateAsync(stayId);
    } catch {
      setFailed(true);
    }
    setOpen(false);
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {copy.stays.cancel}
      </Button>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      <Dialog
        open={open}
        title={copy.stays.cancelTitle}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              {copy.stays.keep}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={cancel.isPending} busy={cancel.isPending}>
              {copy.stays.cancel}
            </Button>
          </>
        }
      >
        <p>{copy.stays.cancelConfirm}</p>
      </Dialog>
    </>
  );
}
