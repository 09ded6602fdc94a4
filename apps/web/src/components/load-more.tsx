import { Button } from "./ui/button.tsx";
import "./load-more.css";

/** The part of a react-query infinite query that the button reads. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A cursor-paged list's "Show more" button, centred under it: there only while the server has another page,
 * busy and disabled while that page loads so one click asks for one page.
 */
export function LoadMore({ list, label, className }: { list: PagedList; label: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={className ? `load-more ${className}` : "load-more"}>
      <Button
        variant="secondary"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
        busy={list.isFetchingNextPage}
      >
        {label}
      </Button>
    </div>
  );
}
