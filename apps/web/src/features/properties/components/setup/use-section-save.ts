import { copy } from "@doorstep/shared/copy";
import { useState } from "react";

/** A setup section's save: busy while it runs; a failure shows its copy and keeps what was typed. */
export function useSectionSave(errorMessage: (error: unknown) => string = () => copy.setup.saveError) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (save: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await save();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
