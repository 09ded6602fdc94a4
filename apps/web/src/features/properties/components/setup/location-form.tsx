import { copy } from "@doorstep/shared/copy";
import type { PropertyAddress } from "@doorstep/shared/schemas/property";
import { useState } from "react";
import { AddressSearch } from "../../../../components/address-search.tsx";

interface LocationFormProps {
  current: string | null;
  save: (address: PropertyAddress) => Promise<unknown>;
  onSkip?: () => void;
}

/**
 * The property location by address search (SETUP-07, SETUP-08): the chosen place's details fill the
 * address and pin and are saved at once. The map editor lives in Basic Setup.
 */
export function LocationForm({ current, save, onSkip }: LocationFormProps) {
  const [saving, setSaving] = useState(false);
  const choose = async (address: PropertyAddress) => {
    setSaving(true);
    try {
      await save(address);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="setup-form" onSubmit={(event) => event.preventDefault()} noValidate>
      {current ? <p className="setup-form__current">{current}</p> : null}
      <AddressSearch onChoose={choose} noMatches={copy.setup.noSuggestions} errorMessage={copy.setup.saveError} />
      {onSkip ? (
        <div className="setup-section__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={onSkip} disabled={saving}>
            {copy.setup.skip}
          </button>
        </div>
      ) : null}
    </form>
  );
}
