/** A message's time as a host reads it: the time today, the day and time this week, else the date. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  if (sameDay) return new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(at);
  const days = (now.getTime() - at.getTime()) / 86_400_000;
  if (days < 6)
    return new Intl.DateTimeFormat(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit" }).format(at);
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(at);
}
