import { copy } from "@doorstep/shared/copy";
import { MAX_BULK_PROPERTIES } from "@doorstep/shared/rules/bulk-updates";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { listPropertyIds } from "../api/list-property-ids.ts";

const c = copy.bulkUpdates;

/** The selected weblink ids on /properties; they survive a new search, so a manager can gather from several. */
export function usePropertySelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  return {
    selected,
    toggle(propertyId: string, on: boolean) {
      setSelected((now) => {
        const next = new Set(now);
        if (on) next.add(propertyId);
        else next.delete(propertyId);
        return next;
      });
    },
    add(ids: readonly string[]) {
      setSelected((now) => new Set([...now, ...ids]));
    },
    clear() {
      setSelected(new Set());
    },
  };
}

type Selection = ReturnType<typeof usePropertySelection>;

/**
 * Multi-select on the properties list: how many are selected, "Select all" of the search's matches
 * across every page (the server lists them), and "Bulk update", which opens /bulk-updates with the ids.
 */
export function SelectionBar({ selection, search, total }: { selection: Selection; search: string; total: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const count = selection.selected.size;

  const selectAll = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await listPropertyIds(search);
      selection.add(result.ids);
      if (result.total > result.ids.length) setProblem(c.selectionCapped(MAX_BULK_PROPERTIES));
    } catch {
      setProblem(copy.common.genericError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="selection-bar" aria-label={c.selection}>
      <p className="selection-bar__count" role="status">
        {count > 0 ? c.selectedCount(count) : null}
      </p>
      <div className="selection-bar__actions">
        <Button variant="secondary" onClick={() => void selectAll()} disabled={busy} busy={busy}>
          {search ? c.selectAllMatching : c.selectAll(total)}
        </Button>
        {count > 0 ? (
          <>
            <Button variant="secondary" onClick={() => selection.clear()}>
              {c.clearSelection}
            </Button>
            <Button onClick={() => void navigate("/bulk-updates", { state: { propertyIds: [...selection.selected] } })}>
              {c.updateSelected}
            </Button>
          </>
        ) : null}
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
    </section>
  );
}

/** The tick box over a property card; its name says which property it selects. */
export function SelectBox({
  title,
  checked,
  onChange,
}: {
  title: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="select-box">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="visually-hidden">{c.selectProperty(title)}</span>
    </label>
  );
}
