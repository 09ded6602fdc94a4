import { copy } from "@doorstep/shared/copy";
import { useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { useProperty } from "../../../api/properties/get-property.ts";
import { LoadError } from "../../../components/load-error.tsx";
import { BackLink } from "../../../components/ui/back-link.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";
import { StayCalendar } from "../components/stay-calendar.tsx";
import { StayFormDialog } from "../components/stay-form-dialog.tsx";
import { StayList } from "../components/stay-list.tsx";
import { StayFeeds } from "../feeds/stay-feeds.tsx";
import { addMonths, monthOf } from "../lib/calendar-layout.ts";
import { todayIn } from "../lib/format-stay.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";
import "./stays.css";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * /property/:propertyId/stays: the property's month calendar (the month in the address, this month by
 * default), its stays list and "Add stay" with the property already chosen.
 */
export function PropertyStaysPage() {
  const { propertyId = "" } = useParams();
  const property = useProperty(propertyId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const toast = useToast();
  const title = property.data ? copy.stays.propertyStaysTitle(property.data.title) : null;
  useDocumentTitle(title);

  const overview = `/property/${encodeURIComponent(propertyId)}`;
  if (property.isPending) return <LoadingScreen />;
  if (property.isError) {
    return (
      <div className="stays-page">
        <BackLink to="/stays">{copy.stays.backToStays}</BackLink>
        {hasErrorCode(property.error, "NOT_FOUND") ? (
          <h1>{copy.properties.notFound}</h1>
        ) : (
          <LoadError onRetry={() => void property.refetch()} />
        )}
      </div>
    );
  }

  const today = todayIn(property.data.timeZone);
  const asked = searchParams.get("month");
  const month = asked && MONTH.test(asked) ? asked : monthOf(today);
  const showMonth = (from: string, step: -1 | 1) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      const target = addMonths(from, step);
      if (target === monthOf(today)) next.delete("month");
      else next.set("month", target);
      return next;
    });

  return (
    <div className="stays-page">
      <BackLink to={overview}>{property.data.title}</BackLink>
      <div className="stays-page__head">
        <h1>{title}</h1>
        <Button onClick={() => setAdding(true)}>{copy.stays.add}</Button>
      </div>
      <StayCalendar propertyId={propertyId} month={month} today={today} onMonthChange={showMonth} />
      <section className="stays-page__list" aria-labelledby="property-stays-list">
        <h2 id="property-stays-list">{copy.stays.list}</h2>
        <StayList propertyId={propertyId} />
      </section>
      <StayFeeds propertyId={propertyId} />
      <StayFormDialog
        open={adding}
        propertyId={propertyId}
        propertyTitle={property.data.title}
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
