import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { StayFormDialog } from "../components/stay-form-dialog.tsx";
import { StayLinkSettings } from "../components/stay-link-settings.tsx";
import { StayList } from "../components/stay-list.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import "./stays.css";

/** /stays: every stay of the account's properties, upcoming first, with "Add stay" (the form asks for the property). */
export function StaysPage() {
  const [adding, setAdding] = useState(false);
  const toast = useToast();
  useDocumentTitle(copy.stays.title);
  return (
    <div className="stays-page">
      <div className="stays-page__head">
        <h1>{copy.stays.title}</h1>
        <Button onClick={() => setAdding(true)}>{copy.stays.add}</Button>
      </div>
      <StayList />
      <StayLinkSettings onSaved={toast.show} />
      <StayFormDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          toast.show(copy.stays.saved);
        }}
      />
      <Toast message={toast.message} />
    </div>
  );
}
