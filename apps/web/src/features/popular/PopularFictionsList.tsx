import type { PopularFiction } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import { Link } from 'react-router';
import { Cover } from '../../components/ui/Cover.tsx';
import { Tags } from '../../components/ui/Tags.tsx';
import { formatCount, formatScore, plainText, titleCase } from '../../lib/format.ts';

/** SPEC §2 Popular fictions list: cards with title, author, description, status, followers, score, 3 tags. */
export function PopularFictionsList({ fictions }: { fictions: PopularFiction[] }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {fictions.map((fiction) => (
        <li key={fiction.royalroad_id}>
          <Link
            to={fictionPath(fiction.royalroad_id, fiction.title)}
            className="flex h-full gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md hover:ring-brand-200"
          >
            <Cover src={fiction.image} title={fiction.title} className="h-28 w-20 shrink-0" />
            <div className="min-w-0 space-y-1.5">
              <h2 className="line-clamp-2 font-semibold text-slate-900">{fiction.title}</h2>
              <p className="text-sm text-slate-600">by {fiction.author.name ?? 'Unknown Author'}</p>
              <p className="line-clamp-2 text-sm text-slate-600">
                {plainText(fiction.description) || 'No description available'}
              </p>
              <p className="text-xs text-slate-500">
                {titleCase(fiction.status) || 'N/A'} · {formatCount(fiction.stats.followers)} followers
                {fiction.stats.score !== null && ` · score ${formatScore(fiction.stats.score)}`}
              </p>
              <Tags tags={fiction.tags} most={3} />
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
