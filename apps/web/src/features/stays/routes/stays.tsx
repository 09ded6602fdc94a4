import { copy } from "@doorstep/shared/copy";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button.tsx";
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
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(copy.stays.title);
  // The import page comes back here with what it did; shown once, then dropped from the history entry.
  const notice = (location.state as { notice?: string } | null)?.notice;
  const showToast = toast.show;
  useEffect(() => {
    if (!notice) return;
    showToast(notice);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [notice, showToast, navigate, location.pathname, location.search]);
  return (
    <div className="stays-page">
      <div className="stays-page__head">
        <h1>{copy.stays.title}</h1>
        <div className="stays-page__actions">
          <ButtonLink to="/stays/import" variant="secondary">
            {copy.stayImport.open}
          </ButtonLink>
          <Button onClick={() => setAdding(true)}>{copy.stays.add}</Button>
        </div>
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
