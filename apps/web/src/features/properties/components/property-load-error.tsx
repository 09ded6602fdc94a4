import { copy } from "@doorstep/shared/copy";
import { LoadError } from "../../../components/load-error.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";

/**
 * A property page whose property did not load: unknown or another account's (404, XCUT-15) says so plainly;
 * anything else offers to try again.
 */
export function PropertyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (hasErrorCode(error, "NOT_FOUND")) return <h1>{copy.properties.notFound}</h1>;
  return <LoadError onRetry={onRetry} />;
}
