import "./progress-bar.css";

/** Determinate progress with an accessible name. `value` is 0…1. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress">
      <progress className="progress__bar" max={100} value={percent} aria-label={label} />
      <span className="progress__value">{percent}%</span>
    </div>
  );
}
