import type { FictionCard } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Cover } from '../../../components/ui/Cover.tsx';
import { Tags } from '../../../components/ui/Tags.tsx';
import { formatCount, formatScore, titleCase } from '../../../lib/format.ts';
import { Sparkline } from './Sparkline.tsx';

/** A gain with its sign ("+1,234"), or a dash when a snapshot is missing. */
export function formatGain(value: number | null): string {
  if (value === null) return '–';
  return `${value > 0 ? '+' : ''}${formatCount(value)}`;
}

/**
 * One fiction as Browse and Movers show it; `action` is the reader's button, `extra` a line of figures.
 * `gains={false}` leaves out the 7- and 30-day gains (Movers states the gain it ranks by once, in `extra`).
 */
export function FictionCardView({
  fiction,
  action,
  extra,
  gains = true,
}: {
  fiction: FictionCard;
  action?: ReactNode;
  extra?: ReactNode;
  gains?: boolean;
}) {
  return (
    <article className="flex h-full gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <Cover src={fiction.image_url} title={fiction.title} className="h-28 w-20 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <h2 className="line-clamp-2 font-semibold text-slate-900">
          <Link
            to={fictionPath(fiction.royalroad_id, fiction.title)}
            className="hover:text-brand-700 hover:underline"
          >
            {fiction.title}
          </Link>
        </h2>
        <p className="text-sm text-slate-600">by {fiction.author_name ?? 'Unknown Author'}</p>
        <p className="text-xs text-slate-600">
          {titleCase(fiction.status) || 'N/A'} · {fiction.type ?? 'N/A'} · {formatCount(fiction.followers)}{' '}
          followers · {formatCount(fiction.pages)} pages
          {fiction.overall_score !== null && ` · score ${formatScore(fiction.overall_score)}`}
        </p>
        {gains && (
          <p className="text-xs text-slate-600">
            7 days: <span className="font-medium text-slate-800">{formatGain(fiction.gain7)}</span> · 30 days:{' '}
            <span className="font-medium text-slate-800">{formatGain(fiction.gain30)}</span>
          </p>
        )}
        {extra}
        <Tags tags={fiction.tags} most={3} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Sparkline points={fiction.sparkline} label={`Followers of ${fiction.title} over 30 days`} />
          {action}
        </div>
      </div>
    </article>
  );
}
