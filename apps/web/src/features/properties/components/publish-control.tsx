import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useUpdateProperty } from "../api/update-property.ts";

/**
 * Publish controls of the link block (PROP-16, PROP-21, OPEN-40): "Unpublish" asks first; a hidden guide's
 * "Publish" lives in the status block, so it appears here only when another reason is shown there.
 */
export function PublishControl({ property }: { property: PropertyDto }) {
  const update = useUpdateProperty();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  const setPublished = async (published: boolean) => {
    setFailed(false);
    try {
      await update.mutateAsync({ propertyId: property.propertyId, body: { published } });
      setConfirming(false);
    } catch {
      setConfirming(false);
      setFailed(true);
    }
  };

  if (!property.published && property.inactiveReason === "hidden") return null;

  return (
    <div className="publish-control">
      {property.published ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {copy.properties.unpublish}
        </Button>
      ) : (
        <Button size="sm" onClick={() => void setPublished(true)} disabled={update.isPending} busy={update.isPending}>
          {copy.properties.publish}
        </Button>
      )}
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
      <Dialog
        open={confirming}
        title={copy.properties.unpublishTitle}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={update.isPending}>
              {copy.properties.keepPublished}
            </Button>
            <Button
              variant="danger"
              onClick={() => void setPublished(false)}
              disabled={update.isPending}
              busy={update.isPending}
            >
              {copy.properties.unpublish}
            </Button>
          </>
        }
      >
        <p>{copy.properties.unpublishConfirm}</p>
      </Dialog>
    </div>
  );
}
