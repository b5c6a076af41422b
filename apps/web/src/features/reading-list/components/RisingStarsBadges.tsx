import type { RisingStarBadge } from '@rrc/contract';
import { useState } from 'react';

/** Badges shown before "+N more": a fiction can sit on many tag lists at once. */
const SHOWN = 5;

import { compareGenres, genreLabel, type Trend, trendOf } from '@rrc/contract/rules';

const TREND_STYLE: Record<Trend, { className: string; symbol: string; words: string }> = {
  up: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-200', symbol: '▲', words: 'moving up' },
  down: { className: 'bg-rose-50 text-rose-800 ring-rose-200', symbol: '▼', words: 'moving down' },
  flat: { className: 'bg-slate-50 text-slate-700 ring-slate-200', symbol: '▬', words: 'holding' },
};

/** Where a fiction ranks on each Rising Stars list, `main` first, with its trend. */
export function RisingStarsBadges({ badges }: { badges: RisingStarBadge[] | undefined }) {
  const [expanded, setExpanded] = useState(false);
  if (!badges?.length) return null;
  const sorted = [...badges].sort((a, b) => compareGenres(a.genre, b.genre));
  const shown = expanded ? sorted : sorted.slice(0, SHOWN);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Rising Stars positions">
      {shown.map((badge) => {
        const trend = trendOf(badge.position, badge.previous_position);
        const style = TREND_STYLE[trend];
        const label = badge.genre === 'main' ? 'Rising Stars' : genreLabel(badge.genre);
        return (
          <li
            key={badge.genre}
            title={
              badge.previous_position === null
                ? `${label}: #${badge.position}, new on the list`
                : `${label}: #${badge.position}, was #${badge.previous_position}`
            }
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${style.className}`}
          >
            <span>
              {label} #{badge.position}
            </span>
            <span aria-hidden="true">{style.symbol}</span>
            <span className="sr-only">{style.words}</span>
          </li>
        );
      })}
      {sorted.length > SHOWN && (
        <li>
          <button
            type="button"
            onClick={() => setExpanded((value) => !value)}
            className="rounded-full px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            {expanded ? 'Show fewer' : `+${sorted.length - SHOWN} more`}
          </button>
        </li>
      )}
    </ul>
  );
}
