import { copy } from "@doorstep/shared/copy";
import { useRouteError } from "react-router";

/** Last resort when a page throws while rendering (e.g. a chunk failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="loading-screen" role="alert">
      <p>{copy.common.genericError}</p>
      <button type="button" className="btn btn--secondary btn--md" onClick={() => window.location.reload()}>
        {copy.common.tryAgain}
      </button>
    </div>
  );
}
