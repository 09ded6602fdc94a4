import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { useParams } from "react-router";
import { LoadError } from "../../../components/load-error.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Banner } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Link } from "../../../components/ui/link.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { useStay } from "../api/get-stay.ts";
import { CancelStay } from "../components/cancel-stay.tsx";
import { GuestLink } from "../components/guest-link.tsx";
import { StayBadges } from "../components/stay-badges.tsx";
import { StayConversation } from "../components/stay-conversation.tsx";
import { StayDetails } from "../components/stay-details.tsx";
import { StayMessages } from "../components/stay-messages.tsx";
import { StayFormDialog } from "../components/stay-form-dialog.tsx";
import { guestName } from "../lib/format-stay.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import "./stays.css";

/** /stays/:stayId: the stay in full, "Edit" (the same form as "Add stay") and "Cancel stay" (asked first). */
export function StayPage() {
  const { stayId = "" } = useParams();
  const stay = useStay(stayId);
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  useDocumentTitle(stay.data ? guestName(stay.data) : null);

  if (stay.isPending) return <LoadingScreen />;
  if (stay.isError) {
    return (
      <div className="stay-page">
        <BackLink to="/stays">{copy.stays.backToStays}</BackLink>
        {hasErrorCode(stay.error, "NOT_FOUND") ? (
          <h1>{copy.stays.notFound}</h1>
        ) : (
          <LoadError onRetry={() => void stay.refetch()} />
        )}
      </div>
    );
  }

  const s = stay.data;
  const cancelled = s.status === "cancelled";
  return (
    <div className="stay-page">
      <BackLink to="/stays">{copy.stays.backToStays}</BackLink>
      <div className="stay-page__head">
        <div className="stay-page__titles">
          <h1>{guestName(s)}</h1>
          <p className="stay-page__property">
            <Link to={`/property/${encodeURIComponent(s.propertyId)}/stays`}>{s.propertyTitle}</Link>
            <StayBadges stay={s} />
          </p>
        </div>
        <div className="stay-page__actions">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {copy.stays.editTitle}
          </Button>
          {cancelled ? null : <CancelStay stayId={s.id} />}
        </div>
      </div>
      {cancelled ? (
        <Banner tone="warning" label={copy.stays.cancelled}>
          {copy.stays.cancelledNotice}
        </Banner>
      ) : null}
      <GuestLink stay={s} onDone={toast.show} />
      <StayDetails stay={s} />
      <StayMessages stayId={s.id} onDone={toast.show} />
      <StayConversation stayId={s.id} />
      <StayFormDialog
        open={editing}
        stay={s}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          toast.show(copy.stays.saved);
        }}
      />
      <Toast message={toast.message} />
    </div>
  );
}
