/**
 * A small hand-drawn SVG line chart for the report trend (one metric over the date range). Loaded on
 * demand by the trend panel; no chart library, so the report chunk stays light.
 */
import type { FileType } from '@portal/contracts/reports.ts';
import { useState } from 'react';
import { formatCell } from '../../../lib/format.ts';

export type TrendPoint = { label: string; value: number };

const W = 960;
const H = 150;
const PAD = { top: 12, right: 20, bottom: 24, left: 72 };

/** Rounds a span up to a 1/2/5 × 10^n step so the grid lines fall on readable values. */
export function niceStep(span: number, ticks: number): number {
  if (!(span > 0)) return 1;
  const raw = span / ticks;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * pow;
}

/** The chart; `fileType` formats the axis and the hover label like the table does. */
export default function TrendChart(props: { points: TrendPoint[]; fileType: FileType; title: string }) {
  const { points, fileType } = props;
  const [hover, setHover] = useState<number | null>(null);
  const max = Math.max(0, ...points.map((p) => p.value));
  const step = niceStep(max, 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length <= 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length
    ? `M${x(0)},${PAD.top + innerH} L${line.replaceAll(' ', ' L')} L${x(points.length - 1)},${PAD.top + innerH} Z`
    : '';
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const labelEvery = Math.max(1, Math.ceil(points.length / 8));
  const hovered = hover === null ? null : points[hover];

  const onMove = (e: React.MouseEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width === 0 || points.length === 0) return;
    const rel = ((e.clientX - rect.left) / rect.width) * innerW;
    const i = points.length <= 1 ? 0 : Math.round((rel / innerW) * (points.length - 1));
    setHover(Math.min(points.length - 1, Math.max(0, i)));
  };

  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="trend-chart"
      role="img"
      aria-label={props.title}
      data-testid="trend-chart"
    >
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="trend-grid" />
          <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" className="trend-axis">
            {formatCell(fileType, v)}
          </text>
        </g>
      ))}
      {points.map((p, i) =>
        i % labelEvery === 0 || i === points.length - 1 ? (
          <text key={p.label} x={x(i)} y={H - 8} textAnchor="middle" className="trend-axis">
            {p.label.length === 10 ? p.label.slice(5) : p.label}
          </text>
        ) : null,
      )}
      <path d={area} className="trend-area" />
      <polyline points={line} className="trend-line" />
      {points.map((p, i) => (
        <circle key={p.label} cx={x(i)} cy={y(p.value)} r={hover === i ? 5 : 3} className="trend-dot">
          <title>{`${p.label}: ${formatCell(fileType, p.value)}`}</title>
        </circle>
      ))}
      {hovered && hover !== null ? (
        <g pointerEvents="none" data-testid="trend-hover">
          <line x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={PAD.top + innerH} className="trend-cursor" />
          <text
            x={Math.min(Math.max(x(hover), PAD.left + 60), W - PAD.right - 60)}
            y={PAD.top + 12}
            textAnchor="middle"
            className="trend-hover-label"
          >
            {`${hovered.label}  ${formatCell(fileType, hovered.value)}`}
          </text>
        </g>
      ) : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer-only hover cursor; every value is also in the dots' titles */}
      <rect
        x={PAD.left}
        y={PAD.top}
        width={innerW}
        height={innerH}
        fill="transparent"
        onMouseMove={onMove}
        onMouseLeave={() => setHover(null)}
      />
    </svg>
  );
}
