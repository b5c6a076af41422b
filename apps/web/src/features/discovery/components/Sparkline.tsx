/** A small line of followers over the last 30 days; nothing when there are fewer than two points. */
export function Sparkline({ points, label }: { points: number[]; label: string }) {
  if (points.length < 2) return <span className="text-xs text-slate-500">No 30-day history yet</span>;
  const width = 120;
  const height = 28;
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = high - low || 1;
  const path = points
    .map((value, index) => {
      const x = (index / (points.length - 1)) * width;
      const y = height - 2 - ((value - low) / span) * (height - 4);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label}>
      <path d={path} fill="none" stroke="currentColor" strokeWidth={1.5} className="text-brand-600" />
    </svg>
  );
}
