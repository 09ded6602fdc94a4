import { copy } from "@doorstep/shared/copy";
import { Alert } from "./ui/banner.tsx";
import { Button } from "./ui/button.tsx";

/** What a page shows when its data did not load: the generic error and "Try again", which asks once more. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
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
