import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { messagingKeys } from "../../../api/messaging/keys.ts";
import { meQueryKey } from "../../../lib/session.ts";
import { Toast, useToast } from "../../../components/ui/toast.tsx";
import { storeCopy } from "@doorstep/shared/copy/store";

/**
 * Live messaging for the signed-in host (MSG-15): one EventSource on /api/events while
 * messaging is on. `unread-count` sets the header badge; `new-message` reloads the open inbox and thread.
 * EventSource reconnects by itself (the server asks for 5 s); each (re)connection starts with the count now,
 * and the lists reload then too, so nothing missed while away stays missed. Loaded on its own (React.lazy):
 * the dashboard's first view does not carry it. The same stream announces the guest store's new requests.
 */
export default function LiveMessageEvents() {
  const queryClient = useQueryClient();
  const orderToast = useToast();
  const announceOrder = orderToast.show;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all }));
    source.addEventListener("unread-count", (event) => {
      const { unreadMessageCount } = JSON.parse((event as MessageEvent<string>).data) as { unreadMessageCount: number };
      queryClient.setQueryData(meQueryKey, (me: { unreadMessageCount: number } | null | undefined) =>
        me ? { ...me, unreadMessageCount } : me,
      );
    });
    source.addEventListener("new-message", () => void queryClient.invalidateQueries({ queryKey: messagingKeys.all }));
    // The guest store (decision 053): a new request updates the Orders badge and list, and is announced.
    source.addEventListener("new-order", (event) => {
      const { pendingCount, title } = JSON.parse((event as MessageEvent<string>).data) as {
        pendingCount: number;
        title: string;
      };
      queryClient.setQueryData(meQueryKey, (me: { pendingOrderCount?: number } | null | undefined) =>
        me ? { ...me, pendingOrderCount: pendingCount } : me,
      );
      void queryClient.invalidateQueries({ queryKey: ["orders"] });
      announceOrder(storeCopy.orders.newRequest(title));
    });
    return () => source.close();
  }, [queryClient, announceOrder]);
  // Only while announcing: another page's own toast region stays the page's one status region.
  return orderToast.message ? <Toast message={orderToast.message} /> : null;
}
