import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { FavoriteEntry, RisingStarBadge } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import { Link } from 'react-router';
import { Cover } from '../../../components/ui/Cover.tsx';
import { Tags } from '../../../components/ui/Tags.tsx';
import { formatCount, formatScore, titleCase } from '../../../lib/format.ts';
import { ReadingControls } from './ReadingControls.tsx';
import { RisingStarsBadges } from './RisingStarsBadges.tsx';

export function FavoriteCard({
  entry,
  badges,
  onUnfavorite,
  onError,
  disabled,
}: {
  entry: FavoriteEntry;
  badges: RisingStarBadge[] | undefined;
  onUnfavorite: (entry: FavoriteEntry) => void;
  onError: (message: string | null) => void;
  disabled: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.fiction_id,
      disabled,
    });
  const { fiction } = entry;
  const title = fiction.title || 'Unknown Title';
  // Plain text already, cut by the server to what two lines show.
  const description = fiction.description || 'No description available';

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="favorite-card"
      data-fiction-id={entry.fiction_id}
      className={`relative flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:gap-4 sm:p-4 ${
        isDragging ? 'z-10 opacity-90 shadow-lg ring-brand-300' : ''
      }`}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        title="Drag to reorder"
        aria-label={`Drag to reorder ${title}`}
        className="-my-1 flex w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
        {...attributes}
        {...listeners}
      >
        <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>

      <Link
        to={fictionPath(fiction.royalroad_id, fiction.title)}
        className="shrink-0"
        tabIndex={-1}
        aria-hidden="true"
      >
        <Cover src={fiction.image_url} title={title} className="h-28 w-20 sm:h-32 sm:w-24" />
      </Link>

      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link
              to={fictionPath(fiction.royalroad_id, fiction.title)}
              className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-700"
            >
              {title}
            </Link>
            <p className="text-sm text-slate-600">by {fiction.author_name || 'Unknown Author'}</p>
          </div>
          {/* The one favorite control, always at the card's top right: a filled star, pressed. */}
          <button
            type="button"
            aria-pressed="true"
            onClick={() => onUnfavorite(entry)}
            className="-mt-1 -mr-1 shrink-0 rounded-md p-1.5 text-amber-500 hover:bg-amber-50 hover:text-amber-600"
            title="Favorited: click to unfavorite"
          >
            <span className="sr-only">Unfavorite {title}</span>
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true">
              <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z" />
            </svg>
          </button>
        </div>

        <p className="line-clamp-2 text-sm text-slate-600">{description}</p>

        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <div className="flex gap-1">
            <dt className="font-medium text-slate-500">Status</dt>
            <dd>{titleCase(fiction.status) || 'N/A'}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium text-slate-500">Followers</dt>
            <dd>{formatCount(fiction.followers)}</dd>
          </div>
          {fiction.overall_score !== null && (
            <div className="flex gap-1">
              <dt className="font-medium text-slate-500">Score</dt>
              <dd>{formatScore(fiction.overall_score)}</dd>
            </div>
          )}
        </dl>

        <RisingStarsBadges badges={badges} />

        <Tags tags={fiction.tags} most={2} />

        <ReadingControls entry={entry} onError={onError} className="border-t border-slate-100 pt-2" />
      </div>
    </li>
  );
}
