import type { StayCsvColumn, StayCsvRowError } from "@doorstep/shared/rules/stay-import";
import type { SpecificErrorCode } from "@doorstep/shared/errors";
import { CreateStayRequest } from "@doorstep/shared/schemas/stays";
import type { StayImportRow } from "@doorstep/shared/schemas/stay-import";
import type { StayCsvValues } from "./stay-csv.ts";
import type { SourceStay } from "./stay-sources.service.ts";

// A CSV row checked by the same rules as a stay made by hand: the shared stay schema here, the property's
// languages and times in upsertStaysFromSource. Each refusal becomes one reason of the import's catalogue.

type Reason = NonNullable<StayImportRow["reason"]>;

const COLUMN_OF_FIELD: Record<string, StayCsvColumn> = {
  propertyId: "property_id",
  sourceId: "reservation_id",
  guestFirstName: "guest_first_name",
  guestLastName: "guest_last_name",
  guestEmail: "guest_email",
  guestPhone: "guest_phone",
  guestLanguage: "guest_language",
  adults: "adults",
  children: "children",
  checkInDate: "check_in",
  checkInTime: "check_in_time",
  checkOutDate: "check_out",
  checkOutTime: "check_out_time",
  doorCode: "door_code",
};

const reason = (code: StayCsvRowError, params: Reason["params"] = {}): Reason => ({ code, params });

/** The row's values as a source stay, or why the stay schema refuses them (its first issue). */
export function checkRowValues(values: StayCsvValues): { stay: SourceStay } | { reason: Reason } {
  // Blank cells stay undefined: an update keeps what the stay holds (the host's own additions included).
  const stay: SourceStay = {
    sourceId: values.reservationId,
    guestFirstName: values.guestFirstName,
    guestLastName: values.guestLastName,
    guestEmail: values.guestEmail,
    guestPhone: values.guestPhone,
    guestLanguage: values.guestLanguage,
    adults: values.adults,
    children: values.children,
    checkInDate: values.checkInDate,
    checkInTime: values.checkInTime,
    checkOutDate: values.checkOutDate,
    checkOutTime: values.checkOutTime,
    doorCode: values.doorCode,
  };
  // The same schema a stay made by hand passes.
  const parsed = CreateStayRequest.safeParse({ propertyId: values.propertyId, ...stay });
  if (parsed.success) return { stay };
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "");
  if (field === "guestEmail") return { reason: reason("invalid-email") };
  if (field === "guestLanguage") return { reason: reason("unknown-language", { language: values.guestLanguage! }) };
  if (issue.code === "custom" && field === "checkOutDate") return { reason: reason("check-out-before-check-in") };
  return { reason: reason("invalid-value", { column: COLUMN_OF_FIELD[field] ?? field }) };
}

/** The import's words for a refusal of the stays service. */
export function reasonOfRefusal(code: SpecificErrorCode | "NOT_FOUND", stay: SourceStay, propertyId: string): Reason {
  switch (code) {
    case "STAY_LANGUAGE_NOT_IN_GUIDE":
      return reason("language-not-in-guide", { language: stay.guestLanguage ?? "" });
    case "STAY_CHECK_OUT_BEFORE_CHECK_IN":
      return reason("check-out-before-check-in");
    case "NOT_FOUND":
      return reason("unknown-property", { propertyId });
    default:
      return reason("invalid-value", { column: "check_in" });
  }
}

export function unknownProperty(propertyId: string): Reason {
  return reason("unknown-property", { propertyId });
}

export function duplicateReservation(line: number): Reason {
  return reason("duplicate-reservation", { line });
}
