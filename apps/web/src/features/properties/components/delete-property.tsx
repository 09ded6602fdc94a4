import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useDeleteProperty } from "../api/delete-property.ts";

/** Delete with the seeds' confirmation (PROP-26…28): "Keep property" or "Delete property", then /property-deleted. */
export function DeleteProperty({ propertyId }: { propertyId: string }) {
  const navigate = useNavigate();
  const remove = useDeleteProperty();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setFailed(false);
    try {
      await remove.mutateAsync(propertyId);
      navigate("/property-deleted", { replace: true });
    } catch {
      // XCUT-42: the seeds show no message; we say it did not work rather than fail silently.
      setOpen(false);
      setFailed(true);
    }
  };

  return (
    <section className="overview-block overview-block--danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="visually-hidden">
        {copy.properties.deleteProperty}
      </h2>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {copy.properties.deleteProperty}
        </Button>
      </div>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      <Dialog
        open={open}
        title={copy.properties.deleteTitle}
        onClose={() => setOpen(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {copy.properties.keepProperty}
            </Button>
            <Button variant="danger" onClick={() => void confirm()} disabled={remove.isPending} busy={remove.isPending}>
              {copy.properties.deleteProperty}
            </Button>
          </>
        }
      >
        <p>{copy.properties.deleteConfirm}</p>
      </Dialog>
    </section>
  );
}
