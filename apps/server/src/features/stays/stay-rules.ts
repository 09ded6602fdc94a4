import { wallTimeToInstant } from "@doorstep/shared/rules/zoned-time";

// Pure rules of a stay (decision 040): its instants from its wall times, the order of its ends, and the
// form of its guest's name that the search reads.

/** The guest's names as the search reads them: lower case, accents and other marks dropped, one space. */
export function searchableName(...names: string[]): string {
  return names
    .join(" ")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A search string in the same form, its LIKE wildcards escaped. */
export function searchPattern(q: string): string {
  return searchableName(q).replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface WallTimes {
  checkInDate: string;
  checkInTime: string;
  checkOutDate: string;
  checkOutTime: string;
}

/** Check-out after check-in on the property's wall clock: a later day, or the same day at a later time. */
export function checkOutIsAfterCheckIn(t: WallTimes): boolean {
  if (t.checkOutDate !== t.checkInDate) return t.checkOutDate > t.checkInDate;
  return t.checkOutTime > t.checkInTime;
}

/** The instants a stay's wall times name in `timeZone`. */
export function stayInstants(t: WallTimes, timeZone: string): { checkInAt: Date; checkOutAt: Date } {
  return {
    checkInAt: wallTimeToInstant(t.checkInDate, t.checkInTime, timeZone),
    checkOutAt: wallTimeToInstant(t.checkOutDate, t.checkOutTime, timeZone),
  };
}
