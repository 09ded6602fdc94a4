import { copy } from "@doorstep/shared/copy";
import { useState, type InputHTMLAttributes } from "react";
import "./file-drop.css";

interface FileDropProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className"> {
  /** Which files the zone takes, said under its call to action. */
  kind: "image" | "video" | "document";
}

/**
 * A file field as a drop zone: the real, labelled file input covers the whole zone (invisible), so a click
 * anywhere opens the chooser, a file dropped on it is taken by the browser itself, and keyboard focus and
 * screen readers meet the input as before. The browser's bare "Choose File / No file chosen" is not shown.
 */
export function FileDrop({ kind, disabled, ...input }: FileDropProps) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`file-drop${over ? " file-drop--over" : ""}${disabled ? " file-drop--disabled" : ""}`}
      onDragEnter={() => setOver(true)}
      onDragLeave={() => setOver(false)}
      onDrop={() => setOver(false)}
    >
      <input {...input} type="file" className="file-drop__input" disabled={disabled} />
      <svg className="file-drop__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M12 16V4m0 0-4.5 4.5M12 4l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="file-drop__text" aria-hidden="true">
        {copy.uploads.dropOrChoose}
      </span>
      <span className="file-drop__kinds" aria-hidden="true">
        {copy.uploads.dropKinds[kind]}
      </span>
    </div>
  );
}
