import { copy } from "@doorstep/shared/copy";
import type { StayDto } from "@doorstep/shared/schemas/stays";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { StayForm } from "./stay-form.tsx";
import "./stay-form.css";

interface StayFormDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: (stay: StayDto) => void;
  stay?: StayDto;
  propertyId?: string;
  /** Shown as the chosen property when the page already names it. */
  propertyTitle?: string;
}

/** "Add stay" or "Edit stay" in a dialog; "Save stay" submits the form inside it. */
export function StayFormDialog({ open, onClose, onSaved, stay, propertyId, propertyTitle }: StayFormDialogProps) {
  const formId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      size="md"
      title={stay ? copy.stays.editTitle : copy.stays.addTitle}
      onClose={() => {
        if (!busy) onClose();
      }}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {copy.common.cancel}
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={busy}>
            {copy.stays.save}
          </Button>
        </>
      }
    >
      {propertyTitle && !stay ? (
        <p className="stay-form__property">
          <span className="muted">{copy.stays.fields.property}</span> <strong>{propertyTitle}</strong>
        </p>
      ) : null}
      <StayForm id={formId} stay={stay} propertyId={propertyId} onSaved={onSaved} onBusyChange={setBusy} />
    </Dialog>
  );
}
