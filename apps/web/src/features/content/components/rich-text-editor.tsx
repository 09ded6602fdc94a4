import { copy } from "@doorstep/shared/copy";
import { Color, TextStyle } from "@tiptap/extension-text-style";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useState } from "react";
import { StayDetailMenu } from "./stay-detail-menu.tsx";
import { StayDetailChips } from "./stay-detail-chips.ts";
import "./rich-text-editor.css";

const t = copy.content.toolbar;

const line = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" } as const;
/** The tools as icons (their names are the buttons' accessible names and tooltips). */
const ICONS: Record<
  "heading" | "bold" | "italic" | "underline" | "bulletList" | "orderedList" | "link",
  React.ReactNode
> = {
  heading: (
    <text x="3" y="17" fontSize="15" fontWeight="700" fill="currentColor">
      H2
    </text>
  ),
  bold: (
    <text x="6" y="18" fontSize="17" fontWeight="800" fill="currentColor">
      B
    </text>
  ),
  italic: (
    <text x="8" y="18" fontSize="17" fontStyle="italic" fontFamily="serif" fill="currentColor">
      I
    </text>
  ),
  underline: (
    <>
      <text x="6" y="16" fontSize="15" fill="currentColor">
        U
      </text>
      <path d="M6 20h12" {...line} />
    </>
  ),
  bulletList: (
    <>
      <circle cx="5" cy="7" r="1.5" fill="currentColor" />
      <circle cx="5" cy="12" r="1.5" fill="currentColor" />
      <circle cx="5" cy="17" r="1.5" fill="currentColor" />
      <path d="M10 7h10M10 12h10M10 17h10" {...line} />
    </>
  ),
  orderedList: (
    <>
      <text x="2" y="9" fontSize="7" fill="currentColor">
        1
      </text>
      <text x="2" y="14.5" fontSize="7" fill="currentColor">
        2
      </text>
      <text x="2" y="20" fontSize="7" fill="currentColor">
        3
      </text>
      <path d="M10 7h10M10 12h10M10 17h10" {...line} />
    </>
  ),
  link: (
    <path
      d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
      {...line}
    />
  ),
};

function ToolIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="rich-text__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      {ICONS[name]}
    </svg>
  );
}

// CONT-19: exactly the toolbar's elements — heading level 2, bold, italic, underline, lists, link, colour.
const extensions = [
  StarterKit.configure({
    heading: { levels: [2] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    link: { openOnClick: false, autolink: true, protocols: ["mailto", "tel"], defaultProtocol: "https" },
  }),
  TextStyle,
  Color,
  StayDetailChips,
];

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  hint?: string;
  /** An example shown in grey while the text is empty (a template's sample, decision 023); never the value. */
  placeholder?: string;
  /** Shown under the editor, such as a warning about what the text holds. */
  children?: React.ReactNode;
  /** Shown but not editable, without its toolbar (a viewer, decision 056). */
  readOnly?: boolean;
}

/** The DetailText editor (TipTap) with its labelled toolbar; the editable area is a textbox named by the label. */
export function RichTextEditor({
  label,
  value,
  onChange,
  hint,
  placeholder,
  children,
  readOnly = false,
}: RichTextEditorProps) {
  const labelId = useId();
  const hintId = `${labelId}-hint`;
  const editor = useEditor({
    extensions: placeholder ? [...extensions, Placeholder.configure({ placeholder })] : extensions,
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        class: "rich-text__area",
        role: "textbox",
        "aria-multiline": "true",
        ...(readOnly ? { "aria-readonly": "true" } : {}),
        "aria-labelledby": labelId,
        ...(hint ? { "aria-describedby": hintId } : {}),
        ...(placeholder ? { "aria-placeholder": placeholder } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  // The role comes with the signed-in person, which may load after the editor.
  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  return (
    <div className="field rich-text">
      <span className="field__label" id={labelId}>
        {label}
      </span>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="rich-text__frame">
        {editor && !readOnly ? <Toolbar editor={editor} /> : null}
        <EditorContent editor={editor} />
      </div>
      {children}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: e.isActive("heading", { level: 2 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      link: e.isActive("link"),
      href: (e.getAttributes("link").href as string | undefined) ?? "",
      colour: (e.getAttributes("textStyle").color as string | undefined) ?? "#1c2421",
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState("");
  const colourId = useId();
  const linkId = useId();
  const chain = () => editor.chain().focus();

  // A pointer press on a format button leaves the focus in the text: TipTap gives it back only on the next
  // frame, so letters typed at once (a quick typist, a slow phone) would go to the button and be lost.
  const toggle = (name: keyof typeof ICONS, pressed: boolean, run: () => void) => (
    <button
      type="button"
      className="rich-text__tool rich-text__tool--icon"
      aria-pressed={pressed}
      aria-label={t[name]}
      title={t[name]}
      onMouseDown={(event) => event.preventDefault()}
      onClick={run}
    >
      <ToolIcon name={name} />
    </button>
  );

  return (
    <>
      <div className="rich-text__toolbar" role="toolbar" aria-label={t.label}>
        {toggle("heading", state.heading, () => chain().toggleHeading({ level: 2 }).run())}
        {toggle("bold", state.bold, () => chain().toggleBold().run())}
        {toggle("italic", state.italic, () => chain().toggleItalic().run())}
        {toggle("underline", state.underline, () => chain().toggleUnderline().run())}
        {toggle("bulletList", state.bulletList, () => chain().toggleBulletList().run())}
        {toggle("orderedList", state.orderedList, () => chain().toggleOrderedList().run())}
        <button
          type="button"
          className="rich-text__tool rich-text__tool--icon"
          aria-pressed={state.link}
          aria-expanded={linkOpen}
          aria-label={t.link}
          title={t.link}
          onClick={() => {
            setHref(state.href);
            setLinkOpen((open) => !open);
          }}
        >
          <ToolIcon name="link" />
        </button>
        <span className="rich-text__colour" title={t.colour}>
          <label htmlFor={colourId} className="visually-hidden">
            {t.colour}
          </label>
          <svg className="rich-text__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <text x="6" y="16" fontSize="15" fontWeight="700" fill="currentColor">
              A
            </text>
            <rect x="4" y="19" width="16" height="3" rx="1" fill={state.colour} />
          </svg>
          <input
            id={colourId}
            type="color"
            value={state.colour}
            onChange={(event) => chain().setColor(event.target.value).run()}
          />
        </span>
      </div>
      <StayDetailMenu onInsert={(token) => chain().insertContent(token).run()} />
      {linkOpen ? (
        <div className="rich-text__link">
          <label className="field__label" htmlFor={linkId}>
            {t.linkAddress}
          </label>
          <input
            id={linkId}
            className="field__input"
            type="url"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            placeholder="https://"
          />
          <button
            type="button"
            className="rich-text__tool"
            onClick={() => {
              if (href.trim()) chain().extendMarkRange("link").setLink({ href: href.trim() }).run();
              setLinkOpen(false);
            }}
          >
            {t.applyLink}
          </button>
          {state.link ? (
            <button
              type="button"
              className="rich-text__tool"
              onClick={() => {
                chain().extendMarkRange("link").unsetLink().run();
                setLinkOpen(false);
              }}
            >
              {t.removeLink}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
