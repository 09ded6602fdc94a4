import { copy } from "@doorstep/shared/copy";
import type { ApiKeyDto } from "@doorstep/shared/schemas/api-keys";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { formatLongDate } from "../../../lib/format.ts";
import { useRevokeApiKey } from "../api/revoke-api-key.ts";

const k = copy.apiKeys;
const c = k.columns;

/** The account's keys: name, prefix, created, last used and status, with "Revoke" (asks first). */
export function ApiKeysTable({ items }: { items: ApiKeyDto[] }) {
  const titleId = useId();
  const revoke = useRevokeApiKey();
  const [asking, setAsking] = useState<ApiKeyDto | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const confirm = () => {
    if (!asking || revoke.isPending) return;
    const { id, name } = asking;
    revoke.mutate(id, {
      onSuccess: () => {
        setAsking(null);
        setRevoked(name);
      },
    });
  };
  return (
    <Card>
      <h2 id={titleId} className="api-keys__title">
        {k.listHeading}
      </h2>
      <p className="api-keys__status" role="status">
        {revoked ? k.revokedNotice(revoked) : ""}
      </p>
      {items.length === 0 ? (
        <p className="muted">{k.empty}</p>
      ) : (
        <table className="api-keys-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{c.name}</th>
              <th scope="col">{c.prefix}</th>
              <th scope="col">{c.created}</th>
              <th scope="col">{c.lastUsed}</th>
              <th scope="col">{c.status}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {items.map((key) => (
              <tr key={key.id} className={key.revokedAt ? "api-keys-table__revoked" : undefined}>
                <th scope="row" className="api-keys-table__name">
                  {key.name}
                </th>
                <td data-label={c.prefix} className="api-keys-table__nowrap">
                  <code>{key.prefix}…</code>
                </td>
                <td data-label={c.created} className="api-keys-table__nowrap">
                  {formatLongDate(key.createdAt)}
                </td>
                <td data-label={c.lastUsed} className="api-keys-table__nowrap">
                  {key.lastUsedAt ? formatLongDate(key.lastUsedAt) : k.neverUsed}
                </td>
                <td data-label={c.status}>
                  {key.revokedAt ? (
                    <>
                      {k.revoked} <span className="api-keys-table__when">{formatLongDate(key.revokedAt)}</span>
                    </>
                  ) : (
                    k.active
                  )}
                </td>
                <td className="api-keys-table__action">
                  {key.revokedAt ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${k.revoke} ${key.name}`}
                      onClick={() => setAsking(key)}
                    >
                      {k.revoke}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog
        open={asking !== null}
        title={k.revokeTitle}
        onClose={() => (revoke.isPending ? undefined : setAsking(null))}
        actions={
          <>
            <Button variant="secondary" disabled={revoke.isPending} onClick={() => setAsking(null)}>
              {k.cancel}
            </Button>
            <Button variant="danger" busy={revoke.isPending} disabled={revoke.isPending} onClick={confirm}>
              {k.revokeConfirm}
            </Button>
          </>
        }
      >
        <p>{asking ? k.revokeBody(asking.name) : null}</p>
        {revoke.isError ? <Alert>{copy.common.genericError}</Alert> : null}
      </Dialog>
    </Card>
  );
}
