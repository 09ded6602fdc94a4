import { copy } from "@doorstep/shared/copy";
import type { VisitDay } from "@doorstep/shared/schemas/analytics";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { dayLabel, shortDayLabel } from "../lib/range.ts";

const c = copy.analytics;
/** Bottom to top; colours from the design tokens, told apart by lightness as well as hue. */
const SERIES = [
  { key: "desktop", label: c.desktop, colour: "var(--chart-desktop)" },
  { key: "tablet", label: c.tablet, colour: "var(--chart-tablet)" },
  { key: "mobileQr", label: c.mobileQr, colour: "var(--chart-mobile-qr)" },
  { key: "mobileLink", label: c.mobileLink, colour: "var(--chart-mobile-link)" },
  { key: "mobileStay", label: c.mobileStay, colour: "var(--chart-mobile-stay)" },
] as const;

const HEIGHT = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

/** A round axis top at or above `max`, with four steps. */
function axisTop(max: number): number {
  if (max <= 4) return 4;
  const step = Math.ceil(max / 4);
  const magnitude = 10 ** Math.floor(Math.log10(step));
  const nice = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= step) ?? step;
  return nice * 4;
}

/** The element's width in CSS pixels, followed as the window resizes, so text in the chart keeps its size. */
function useWidth(ref: RefObject<HTMLDivElement | null>) {
  const [px, setPx] = useState(720);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setPx(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return { ref, px };
}

interface VisitsChartProps {
  days: VisitDay[];
  total: number;
  /** The id of the table that holds the same figures: the chart's long description. */
  tableId: string;
}

/**
 * Sessions per day, stacked by device and source (ANL-03/04). Drawn as plain SVG: one series type, no
 * interaction beyond a tooltip, so no chart library rides on the page. Screen readers get a summary and
 * the table below, which holds every figure.
 */
export function VisitsChart({ days, total, tableId }: VisitsChartProps) {
  const box = useWidth(useRef<HTMLDivElement>(null));
  const width = box.px;
  const titleId = useId();
  const descId = useId();
  const top = axisTop(Math.max(0, ...days.map((d) => d.total)));
  const plotW = width - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, Math.min(36, slot * 0.7));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  // Day labels about 56 px apart at most, whatever the range and the screen.
  const labelEvery = Math.ceil(days.length / Math.max(2, Math.floor(plotW / 56)));
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  return (
    <figure className="analytics-chart">
      <div ref={box.ref}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={`${descId} ${tableId}`}
          width={width}
          height={HEIGHT}
        >
          <title id={titleId}>{c.chartTitle}</title>
          <desc id={descId}>{c.chartSummary(total, dayLabel(first), dayLabel(last))}</desc>
          {[0, 1, 2, 3, 4].map((i) => {
            const value = (top / 4) * i;
            return (
              <g key={i} aria-hidden="true">
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(value)}
                  y2={y(value)}
                  className="analytics-chart__grid"
                />
                <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" className="analytics-chart__tick">
                  {Number.isInteger(value) ? value : value.toFixed(1)}
                </text>
              </g>
            );
          })}
          {days.map((d, i) => {
            const x = PAD.left + slot * i + (slot - barW) / 2;
            let base = 0;
            return (
              <g key={d.day}>
                <title>{`${dayLabel(d.day)}: ${SERIES.map((s) => `${s.label} ${d[s.key]}`).join(", ")}`}</title>
                {SERIES.map((s) => {
                  const value = d[s.key];
                  if (value === 0) return null;
                  const rect = (
                    <rect
                      key={s.key}
                      x={x}
                      width={barW}
                      y={y(base + value)}
                      height={y(base) - y(base + value)}
                      fill={s.colour}
                    />
                  );
                  base += value;
                  return rect;
                })}
                {i % labelEvery === 0 ? (
                  <text
                    x={x + barW / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    className="analytics-chart__tick"
                    aria-hidden="true"
                  >
                    {shortDayLabel(d.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption>
        <ul className="analytics-chart__legend">
          {SERIES.map((s) => (
            <li key={s.key}>
              <span className="analytics-chart__swatch" style={{ background: s.colour }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
