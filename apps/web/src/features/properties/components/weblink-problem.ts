import { copy } from "@doorstep/shared/copy";
import { checkWeblink, randomPropertyId, suggestWeblink } from "@doorstep/shared/rules/property";

/** The copy for a weblink's form problem (PROP-09, OPEN-37), or undefined when the form is fine. */
export function weblinkProblemCopy(weblink: string): string | undefined {
  switch (checkWeblink(weblink)) {
    case "characters":
      return copy.properties.weblinkCharacters;
    case "length":
      return copy.properties.weblinkLength;
    case "reserved":
      return copy.properties.weblinkUnavailable;
    default:
      return undefined;
  }
}

/** The weblink offered for a name (PROP-08): derived from it, or a random 6-digit id when that is unusable. */
export function initialWeblink(name: string, random: () => number = Math.random): string {
  const suggested = suggestWeblink(name);
  return checkWeblink(suggested) === null ? suggested : randomPropertyId(random);
}
