import { copy } from "@doorstep/shared/copy";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { hasErrorCode } from "../../../lib/api-client.ts";

/**
 * A property page whose property did not load: unknown or another account's (404, XCUT-15) says so plainly;
 * anything else offers to try again.
 */
export function PropertyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (hasErrorCode(error, "NOT_FOUND")) return <h1>{copy.properties.notFound}</h1>;
  return (
    <div className="stack">
      <Alert>{copy.common.genericError}</Alert>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          {copy.common.tryAgain}
        </Button>
      </div>
    </div>
  );
}
