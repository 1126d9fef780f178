import './donut-chart.css';

export interface DonutSegment {
  key: string;
  /** Shown on hover (the SVG title) with its value. */
  label: string;
  value: number;
  color: string;
  /** Text of the value on hover; the value itself when absent. */
  valueText?: string;
}

/** Geometry of a ring in a 100 × 100 box: where the stroke runs and how thick it is. */
function ring(inner: number, outer: number) {
  return { radius: 25 * (inner + outer), width: 50 * (outer - inner) };
}

/**
 * Arcs of a ring as fractions of the turn, each `[start, length]`, in order, with `pad` (a fraction
 * of the turn) left free after each arc when there are several. Zero values draw nothing.
 */
export function donutArcs(values: readonly number[], pad: number): [number, number][] {
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  const drawn = values.filter((v) => v > 0).length;
  const gap = drawn > 1 ? pad : 0;
  let start = 0;
  return values.map((value) => {
    if (!(value > 0) || total <= 0) return [start, 0];
    const share = value / total;
    const arc: [number, number] = [start, Math.max(0, share - gap)];
    start += share;
    return arc;
  });
}

/**
 * A ring chart drawn in SVG (no chart library: the general view loads light). Segments go clockwise
 * from the top; an empty or all-zero chart shows the track alone. The figures are given as text
 * beside it (a legend); the ring carries the accessible name `label`.
 */
export function DonutChart({
  segments,
  label,
  trackColor,
  inner = 0.62,
  outer = 0.88,
  padAngle = 2,
  rounded = false,
  total,
  className,
  testId,
}: {
  segments: readonly DonutSegment[];
  label: string;
  trackColor: string;
  /** Inner and outer radius as fractions of half the box. */
  inner?: number;
  outer?: number;
  /** Degrees left free between segments. */
  padAngle?: number;
  /** Round ends on the arcs (a progress ring). */
  rounded?: boolean;
  /** The full turn: the sum of the values when absent (a progress ring passes 100). */
  total?: number;
  className?: string;
  testId?: string;
}) {
  const { radius, width } = ring(inner, outer);
  const values = segments.map((s) => s.value);
  const sum = values.reduce((a, v) => a + Math.max(0, v), 0);
  const turn = Math.max(total ?? sum, sum);
  const arcs = donutArcs(turn > sum ? [...values, turn - sum] : values, padAngle / 360);
  // Round caps reach half a stroke beyond each end: shorten the arc so it keeps its share.
  const capTrim = rounded ? width / (2 * Math.PI * radius) : 0;
  return (
    <svg
      viewBox="0 0 100 100"
      className={['donut-chart', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <circle cx="50" cy="50" r={radius} fill="none" stroke={trackColor} strokeWidth={width} />
      {segments.map((segment, i) => {
        const [start, length] = arcs[i]!;
        const shown = Math.max(0, length - 2 * capTrim);
        if (shown <= 0 && !(rounded && length > 0)) return null;
        return (
          <circle
            key={segment.key}
            className="donut-chart__segment"
            cx="50"
            cy="50"
            r={radius}
            fill="none"
            stroke={segment.color}
            strokeWidth={width}
            strokeLinecap={rounded ? 'round' : 'butt'}
            pathLength={1}
            strokeDasharray={`${shown} ${1 - shown}`}
            strokeDashoffset={-(start + capTrim)}
            transform="rotate(-90 50 50)"
            data-key={segment.key}
          >
            <title>{`${segment.label}: ${segment.valueText ?? segment.value}`}</title>
          </circle>
        );
      })}
    </svg>
  );
}
