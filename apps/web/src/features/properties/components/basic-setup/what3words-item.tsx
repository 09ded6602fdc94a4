import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useId, useState } from "react";
import { Alert } from "../../../../components/ui/banner.tsx";
import { EditableItem, ItemValue, type ItemStatus } from "../../../../components/ui/editable-item.tsx";
import { hasErrorCode } from "../../../../lib/api-client.ts";
import { useSavedToggle } from "../../../../lib/use-saved-toggle.ts";
import { getWhat3words } from "../../api/get-what3words.ts";
import { useUpdateProperty } from "../../api/update-property.ts";

/** The "Show what3words to guests" tick box: saves the boolean at once (SETUP-14, SETUP-21). */
function ShowWordsToggle({ property }: { property: PropertyDto }) {
  const id = useId();
  const update = useUpdateProperty();
  const toggle = useSavedToggle(property.showWhat3words);
  return (
    <div className="tick">
      <input
        id={id}
        type="checkbox"
        checked={toggle.checked}
        disabled={update.isPending}
        onChange={(event) => {
          const on = event.target.checked;
          toggle.ask(on);
          update.mutate(
            { propertyId: property.propertyId, body: { showWhat3words: on } },
            { onError: () => toggle.reset() },
          );
        }}
      />
      <label htmlFor={id}>{copy.basicSetup.showWhat3words}</label>
      {update.isError ? <Alert>{copy.profile.saveError}</Alert> : null}
    </div>
  );
}

/** "what3words Location Display" (SETUP-14, SETUP-15): checked through the server's key; explained when there is none. */
export function What3wordsItem({ property, configured }: { property: PropertyDto; configured: boolean }) {
  const inputId = useId();
  const update = useUpdateProperty();
  const [status, setStatus] = useState<ItemStatus>("idle");
  const [draft, setDraft] = useState(property.what3words ?? "");
  const [error, setError] = useState<string>();

  const save = async () => {
    setStatus("fetching");
    setError(undefined);
    try {
      const found = await getWhat3words(draft.trim().replace(/^\/+/, ""));
      await update.mutateAsync({ propertyId: property.propertyId, body: { what3words: found.words } });
      setStatus("idle");
    } catch (cause) {
      // The typed words stay in the field (nothing lost on a failed save).
      setError(
        hasErrorCode(cause, "WORDS_NOT_FOUND", "NOT_FOUND", "VALIDATION_FAILED")
          ? copy.basicSetup.wordsNotFound
          : hasErrorCode(cause, "NOT_CONFIGURED")
            ? copy.basicSetup.what3wordsNotConfigured
            : copy.profile.saveError,
      );
      setStatus("error");
    }
  };

  if (!configured) {
    return (
      <div className="item">
        <div className="item__head">
          <span className="item__title">{copy.basicSetup.what3words}</span>
        </div>
        <ItemValue value={property.what3words ? `///${property.what3words}` : null} empty={copy.common.notEntered} />
        <p className="field__hint">{copy.basicSetup.what3wordsNotConfigured}</p>
        {property.what3words ? <ShowWordsToggle property={property} /> : null}
      </div>
    );
  }

  return (
    <>
      <EditableItem
        title={copy.basicSetup.what3words}
        inputId={inputId}
        display={
          <ItemValue value={property.what3words ? `///${property.what3words}` : null} empty={copy.common.notEntered} />
        }
        status={status}
        onEdit={() => {
          setDraft(property.what3words ?? "");
          setStatus("editing");
        }}
        onCancel={() => {
          setDraft(property.what3words ?? "");
          setError(undefined);
          setStatus("idle");
        }}
        onSave={() => void save()}
        canSave={draft.trim() !== ""}
        error={error}
      >
        <input
          id={inputId}
          className="field__input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          required
          autoFocus
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => {
            setDraft(event.target.value);
            if (status === "error") setStatus("editing");
          }}
        />
        <p className="field__hint" id={`${inputId}-hint`}>
          {copy.basicSetup.wordsHint}
        </p>
      </EditableItem>
      {property.what3words ? <ShowWordsToggle property={property} /> : null}
    </>
  );
}
