import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { formatPhone } from "@doorstep/shared/rules/phone";
import { useEffect, useId, useState } from "react";
import { Link } from "../../../../components/ui/link.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { EditableItem, type ItemStatus } from "../../../../components/ui/editable-item.tsx";
import { imageAtWidth, initialsOf } from "../../../../lib/format.ts";
import { useManagers } from "../../../../api/managers/list-managers.ts";
import { useUpdateProperty } from "../../api/update-property.ts";
import { countryFromName } from "../../../../components/phone-field.tsx";
import { ManagerDialog } from "./manager-dialog.tsx";

/** "Host / Property Manager" (SETUP-18, MGR-11): choose the property's manager; edit it in a popup. */
export function ManagerItem({ property }: { property: PropertyDto }) {
  const inputId = useId();
  const managers = useManagers();
  const update = useUpdateProperty();
  const current = property.manager;
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(current?.vanityId ?? "");
  const [dialogOpen, setDialogOpen] = useState(false);
  const currentFull = managers.items?.find((m) => m.vanityId === current?.vanityId);
  // The choice lists every manager: while editing, the remaining pages load one bounded request at a time.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = managers;
  useEffect(() => {
    if (status === "editing" && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [status, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const save = async () => {
    setStatus("fetching");
    try {
      await update.mutateAsync({ propertyId: property.propertyId, body: { managerVanityId: draft } });
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };

  const display = current ? (
    <div className="host-card">
      {current.photoUrl ? (
        <img className="host-card__photo" src={imageAtWidth(current.photoUrl, 100)} alt="" width={48} height={48} />
      ) : (
        <span className="host-card__photo host-card__photo--initials" aria-hidden="true">
          {initialsOf(current.firstName, current.lastName)}
        </span>
      )}
      <span className="host-card__text">
        <Link to={`/manager-profile/${encodeURIComponent(current.vanityId)}`}>
          {current.firstName} {current.lastName}
        </Link>
        {current.email ? <span className="field__hint">{current.email}</span> : null}
        {current.tel ? <span className="field__hint">{formatPhone(current.tel)}</span> : null}
      </span>
      {currentFull ? (
        <Button variant="secondary" size="sm" onClick={() => setDialogOpen(true)}>
          {copy.basicSetup.editManager}
        </Button>
      ) : null}
      {currentFull ? (
        <ManagerDialog
          key={currentFull.vanityId}
          manager={currentFull}
          open={dialogOpen}
          onClose={() => setDialogOpen(false)}
          phoneCountry={countryFromName(property.address?.country)}
        />
      ) : null}
    </div>
  ) : (
    <span className="item__empty">{copy.common.notSelected}</span>
  );

  return (
    <EditableItem
      title={copy.basicSetup.hostManager}
      inputId={inputId}
      display={display}
      status={status}
      onEdit={() => {
        setDraft(current?.vanityId ?? "");
        setStatus("editing");
      }}
      onCancel={() => {
        setDraft(current?.vanityId ?? "");
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={draft !== "" && draft !== current?.vanityId}
      error={copy.profile.saveError}
    >
      <select
        id={inputId}
        className="field__input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        disabled={!managers.items}
      >
        {current ? null : <option value="">{copy.common.notSelected}</option>}
        {(managers.items ?? []).map((manager) => (
          <option key={manager.vanityId} value={manager.vanityId}>
            {manager.firstName} {manager.lastName}
            {manager.isDefault ? ` (${copy.managers.defaultLabel})` : ""}
          </option>
        ))}
      </select>
    </EditableItem>
  );
}
