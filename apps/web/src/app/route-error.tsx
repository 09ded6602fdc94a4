import { shellCopy } from "@doorstep/shared/copy/shell";
import { useEffect } from "react";
import { useRouteError } from "react-router";

const CHUNK_RELOAD_MARK = "doorstep:reloaded-for-chunk";

// After a deploy, an open tab asks for page chunks that no longer exist; one reload fetches the new build.
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to load module script/i.test(error.message)
  );
}

/** Last resort when a page throws while rendering (e.g. a chunk failed to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const reloadForChunk =
    isChunkLoadError(error) && sessionStorage.getItem(CHUNK_RELOAD_MARK) !== window.location.pathname;

  useEffect(() => {
    if (reloadForChunk) {
      sessionStorage.setItem(CHUNK_RELOAD_MARK, window.location.pathname);
      window.location.reload();
    } else {
      console.error(error);
    }
  }, [error, reloadForChunk]);

  return (
    <div className="loading-screen" role="alert">
      <p>{shellCopy.common.genericError}</p>
      <button type="button" className="btn btn--secondary btn--md" onClick={() => window.location.reload()}>
        {shellCopy.common.tryAgain}
      </button>
    </div>
  );
}
