import { copy } from "@doorstep/shared/copy";
import type { PropertyDto, UpdatePropertyRequest } from "@doorstep/shared/schemas/property";
import { isTimeOfDay } from "@doorstep/shared/rules/zoned-time";
import { useId, useState } from "react";
import { EditableItem, type ItemStatus } from "../../../../components/ui/editable-item.tsx";
import { useUpdateProperty } from "../../api/update-property.ts";

/** Every zone this browser knows (with the property's own, should it be missing), for the "Time zone" select. */
function zoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** One Basic Setup item that edits one of the property's stay settings as a select or a time input. */
function StaySettingItem({
  property,
  title,
  value,
  body,
  kind,
}: {
  property: PropertyDto;
  title: string;
  value: string;
  body: (draft: string) => UpdatePropertyRequest;
  kind: "zone" | "time";
}) {
  const inputId = useId();
  const update = useUpdateProperty();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(value);
  const save = async () => {
    setStatus("fetching");
    try {
      await update.mutateAsync({ propertyId: property.propertyId, body: body(draft) });
      setStatus("idle");
    } catch {
      setStatus("error");
    }
  };
  return (
    <EditableItem
      title={title}
      inputId={inputId}
      display={<span>{value}</span>}
      status={status}
      onEdit={() => {
        setDraft(value);
        setStatus("editing");
      }}
      onCancel={() => {
        setDraft(value);
        setStatus("idle");
      }}
      onSave={() => void save()}
      canSave={draft !== value && (kind === "zone" || isTimeOfDay(draft))}
      error={copy.profile.saveError}
    >
      {kind === "zone" ? (
        <select id={inputId} className="field__input" value={draft} onChange={(event) => setDraft(event.target.value)}>
          {zoneOptions(value).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={inputId}
          type="time"
          className="field__input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
    </EditableItem>
  );
}

/** "Time zone", "Default check-in time" and "Default check-out time": the wall clock of the property's stays. */
export function StayDefaultsItems({ property }: { property: PropertyDto }) {
  const c = copy.stays.propertyDefaults;
  return (
    <>
      <StaySettingItem
        property={property}
        title={c.timeZone}
        value={property.timeZone}
        kind="zone"
        body={(timeZone) => ({ timeZone })}
      />
      <StaySettingItem
        property={property}
        title={c.defaultCheckInTime}
        value={property.defaultCheckInTime}
        kind="time"
        body={(defaultCheckInTime) => ({ defaultCheckInTime })}
      />
      <StaySettingItem
        property={property}
        title={c.defaultCheckOutTime}
        value={property.defaultCheckOutTime}
        kind="time"
        body={(defaultCheckOutTime) => ({ defaultCheckOutTime })}
      />
    </>
  );
}
