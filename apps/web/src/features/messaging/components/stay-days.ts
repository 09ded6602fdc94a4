// A stay's days are the property's wall clock: formatted as UTC, so the browser's own zone moves nothing.
const dayFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** "3 Dec – 6 Dec" in the host's locale, for a conversation that belongs to a stay. */
export function formatStayDays(checkInDate: string, checkOutDate: string): string {
  const day = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));
  return `${day(checkInDate)} – ${day(checkOutDate)}`;
}
