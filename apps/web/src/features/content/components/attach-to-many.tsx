import { copy } from "@doorstep/shared/copy";
import type { CategoryPageResponse } from "@doorstep/shared/schemas/content";
import { useId, useState, type FormEvent } from "react";
import type { PropertyChoice } from "../../../api/properties/list-property-choices.ts";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { PropertyPicker } from "../../../components/ui/property-picker.tsx";
import { useAttachSharedToMany } from "../api/attach-shared-to-many.ts";
import "../../../components/ui/text-field.css";

const c = copy.content;

/**
 * On a shared-content category page: one of its items onto several properties at once, chosen from the same
 * searchable picker as bulk updates. The server attaches to all of them or, on any failure, to none.
 */
export function AttachToMany({ items }: { items: CategoryPageResponse["customItems"] }) {
  const id = useId();
  const [itemId, setItemId] = useState(items[0]?.id ?? "");
  const [chosen, setChosen] = useState<PropertyChoice[]>([]);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string | null>(null);
  const attach = useAttachSharedToMany();
  const item = items.find((candidate) => candidate.id === itemId) ?? items[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!item) return;
    if (chosen.length === 0) return setProblem(copy.bulkUpdates.chooseProperties);
    setProblem(undefined);
    attach.mutate(
      { itemId: item.id, propertyIds: chosen.map((p) => p.propertyId) },
      {
        onSuccess: (result) => {
          setDone(c.attachManyDone(item.title, result.propertyIds.length));
          setChosen([]);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="attach-many">
      <h2 id={`${id}-heading`}>{c.attachManyHeading}</h2>
      <p className="muted">{c.attachManyIntro}</p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-item`}>
            {c.attachManyItem}
          </label>
          <select
            id={`${id}-item`}
            className="field__input"
            value={item?.id ?? ""}
            onChange={(event) => {
              setItemId(event.target.value);
              setDone(null);
            }}
          >
            {items.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.title}
              </option>
            ))}
          </select>
        </div>
        <PropertyPicker
          selected={chosen}
          error={problem}
          onChange={(next) => {
            setChosen(next);
            setDone(null);
          }}
        />
        {attach.isError ? <Alert>{c.attachManyError}</Alert> : null}
        <div>
          <Button type="submit" busy={attach.isPending}>
            {c.attachManyButton}
          </Button>
        </div>
        <p role="status">{done ?? ""}</p>
      </form>
    </section>
  );
}
