import { ReferenceArea } from 'recharts';

/**
 * What the trend before a moment expected of the days after it: from `base` at the moment, a gain of
 * `expected` by `to` (epoch milliseconds), likely between `low` and `high`.
 */
export interface ExpectedBand {
  title: string;
  at: number;
  to: number;
  base: number;
  expected: number;
  low: number;
  high: number;
}

const BAND_COLOR = '#059669';

/** The values the bands reach, for a scale that holds them. */
export function bandValues(bands: readonly ExpectedBand[]): number[] {
  return bands.flatMap((band) => [band.base, band.base + band.low, band.base + band.high]);
}

// Recharts reads its reference areas from the chart's direct children, so this returns elements.
/**
 * A wedge per band: from the value at its moment, widening to the likely range at its end, with the
 * expected path dashed through it. What actually happened is the chart's own line across it.
 */
export function expectedBands(bands: readonly ExpectedBand[]) {
  return bands.map((band) => {
    const top = band.base + Math.max(band.high, 0);
    const bottom = band.base + Math.min(band.low, 0);
    return (
      <ReferenceArea
        key={`band-${band.at}-${band.title}`}
        x1={band.at}
        x2={band.to}
        y1={bottom}
        y2={top}
        ifOverflow="hidden"
        shape={(props: { x?: number; y?: number; width?: number; height?: number }) => {
          const { x = 0, y = 0, width = 0, height = 0 } = props;
          // The area spans `bottom`..`top` from y + height up to y; a value's height within it is linear.
          const at = (value: number) => (top === bottom ? y : y + ((top - value) / (top - bottom)) * height);
          const start = `${x},${at(band.base)}`;
          const end = x + width;
          return (
            <g className="expected-band" data-title={band.title}>
              <title>{band.title}</title>
              <polygon
                points={`${start} ${end},${at(band.base + band.high)} ${end},${at(band.base + band.low)}`}
                fill={BAND_COLOR}
                fillOpacity={0.18}
                stroke="none"
              />
              <line
                x1={x}
                y1={at(band.base)}
                x2={end}
                y2={at(band.base + band.expected)}
                stroke={BAND_COLOR}
                strokeWidth={1.5}
                strokeDasharray="4 3"
              />
            </g>
          );
        }}
      />
    );
  });
}
