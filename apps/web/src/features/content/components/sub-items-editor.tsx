import { copy } from "@doorstep/shared/copy";
import { SUB_ITEM_TYPES, type SubItemType } from "@doorstep/shared/rules/content";
import { Button } from "../../../components/ui/button.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { newSubItem, subItemMediaKind, type ItemDraft, type SubItemDraft } from "./editor-draft.ts";
import { MediaField } from "./media-field.tsx";

const c = copy.content;
const typeName = (type: SubItemType) => c.subItemTypes[type];

interface SubItemsEditorProps {
  draft: ItemDraft;
  onChange: (update: (draft: ItemDraft) => ItemDraft) => void;
}

/** CONT-29: sub-content of six types, added, edited, deleted and ordered inside the item's one save. */
export function SubItemsEditor({ draft, onChange }: SubItemsEditorProps) {
  const items = draft.subItems;
  const update = (key: string, patch: Partial<SubItemDraft>) =>
    onChange((d) => ({ ...d, subItems: d.subItems.map((s) => (s.key === key ? { ...s, ...patch } : s)) }));
  const move = (index: number, by: -1 | 1) =>
    onChange((d) => {
      const next = [...d.subItems];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return { ...d, subItems: next };
    });
  const remove = (item: SubItemDraft) =>
    onChange((d) => ({
      ...d,
      subItems: d.subItems.filter((s) => s.key !== item.key),
      deletedSubItemIds: item.id ? [...d.deletedSubItemIds, item.id] : d.deletedSubItemIds,
    }));

  return (
    <fieldset className="sub-items">
      <legend>{c.subItemsHeading}</legend>
      <ol className="sub-items__list">
        {items.map((item, index) => {
          const name = c.subItemTitle(typeName(item.type), index + 1);
          const kind = subItemMediaKind(item.type);
          return (
            <li key={item.key} className="sub-item" aria-label={name}>
              <div className="sub-item__head">
                <strong>{name}</strong>
                <div className="sub-item__controls">
                  <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, -1)}>
                    {c.moveUp} <span className="visually-hidden">{name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    {c.moveDown} <span className="visually-hidden">{name}</span>
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => remove(item)}>
                    {c.deleteSubItem} <span className="visually-hidden">{name}</span>
                  </Button>
                </div>
              </div>
              {item.type === "text" ? (
                <div className="field">
                  <label className="field__label" htmlFor={`${item.key}-text`}>
                    {`${c.subItemText} (${name})`}
                  </label>
                  <textarea
                    id={`${item.key}-text`}
                    className="field__input"
                    rows={3}
                    value={item.detailText}
                    onChange={(event) => update(item.key, { detailText: event.target.value })}
                  />
                </div>
              ) : null}
              {kind ? (
                <MediaField
                  kind={kind}
                  label={`${typeName(item.type)} (${name})`}
                  value={item.media}
                  onChange={(media) => update(item.key, { media })}
                />
              ) : null}
              {item.type === "button" ? (
                <>
                  <TextField
                    label={`${c.buttonLabel} (${name})`}
                    value={item.buttonLabel}
                    onChange={(event) => update(item.key, { buttonLabel: event.target.value })}
                  />
                  <TextField
                    label={`${c.buttonLink} (${name})`}
                    hint={c.buttonLinkHint}
                    value={item.buttonLink}
                    onChange={(event) => update(item.key, { buttonLink: event.target.value })}
                  />
                </>
              ) : null}
              {item.type === "internal-link" ? (
                <>
                  <TextField
                    label={`${c.internalLinkLabel} (${name})`}
                    value={item.internalLinkLabel}
                    onChange={(event) => update(item.key, { internalLinkLabel: event.target.value })}
                  />
                  <TextField
                    label={`${c.internalLink} (${name})`}
                    hint={c.internalLinkHint}
                    value={item.internalLink}
                    onChange={(event) => update(item.key, { internalLink: event.target.value })}
                  />
                </>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="sub-items__add">
        {SUB_ITEM_TYPES.map((type) => (
          <Button
            key={type}
            variant="secondary"
            size="sm"
            onClick={() => onChange((d) => ({ ...d, subItems: [...d.subItems, newSubItem(type)] }))}
          >
            {c.addSubItem(typeName(type))}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
