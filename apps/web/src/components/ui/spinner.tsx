import { shellCopy } from "@doorstep/shared/copy/shell";
import "./spinner.css";

/** A decorative spinner; the surrounding text carries the meaning. */
export function Spinner({ size = 32 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}

/** Full-page loading state (AUTH-03, XCUT-01): a spinner and a status message. */
export function LoadingScreen({ label = shellCopy.loadingScreen }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Spinner size={40} />
      <p className="loading-screen__label">{label}</p>
    </div>
  );
}
