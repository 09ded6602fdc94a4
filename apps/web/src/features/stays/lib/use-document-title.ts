import { copy } from "@doorstep/shared/copy";
import { useEffect } from "react";

/** The tab's title while the page is shown ("Stays · Doorstep"). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · ${copy.brand}`;
    return () => {
      document.title = copy.brand;
    };
  }, [title]);
}
