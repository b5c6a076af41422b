import { fictionPath } from '@rrc/contract/rules';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { usePopularOnSite } from './api/get-popular-on-site.ts';
import { useTopRisingStars } from './api/get-top-rising-stars.ts';

function Table({
  caption,
  note,
  head,
  children,
}: {
  caption: string;
  note?: ReactNode;
  head: string[];
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h3 id={id} className="font-semibold text-slate-900">
          {caption}
        </h3>
        {note && <p className="text-xs text-slate-500">{note}</p>}
      </div>
      <table className="w-full text-left text-sm">
        <thead className="sr-only">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  );
}

function Row({
  rank,
  to,
  title,
  author,
}: {
  rank: number;
  to: string;
  title: string;
  author: string | null;
}) {
  return (
    <tr className="hover:bg-slate-50">
      <td className="w-12 py-2.5 pl-4 align-top">
        <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800">
          {rank}
        </span>
      </td>
      <td className="py-2.5 pr-4">
        <Link to={to} className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700">
          {title}
        </Link>
        <span className="text-xs text-slate-500">by {author ?? 'Unknown Author'}</span>
      </td>
    </tr>
  );
}

function Quiet({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={2} className="px-4 py-6 text-center text-sm text-slate-500">
        {loading ? <Spinner label="Loading" /> : children}
      </td>
    </tr>
  );
}

/** SPEC §2: Top 5 Rising Stars (with an 'as of' time) and the most popular fictions on this site. */
export function TopFictions() {
  const top = useTopRisingStars();
  const popular = usePopularOnSite();
  const asOf = top.data?.captured_at
    ? new Date(top.data.captured_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  // A failed refresh empties the table rather than keep rows it could not confirm.
  const popularRows = popular.isError ? [] : (popular.data ?? []);

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Table
        caption="Top 5 Rising Stars"
        note={asOf ? `as of ${asOf}` : undefined}
        head={['Position', 'Title and author']}
      >
        {top.data && top.data.entries.length > 0 ? (
          top.data.entries.map((entry) => (
            <Row
              key={entry.id}
              rank={entry.position}
              to={fictionPath(entry.royalroad_id, entry.title)}
              title={entry.title}
              author={entry.author_name}
            />
          ))
        ) : (
          <Quiet loading={top.isPending}>
            {top.data ? 'The first Rising Stars capture has not run yet.' : null}
          </Quiet>
        )}
      </Table>
      <Table caption="Most Popular on Site" note="in readers' lists" head={['Rank', 'Title and author']}>
        {popularRows.length > 0 ? (
          popularRows.map((entry, index) => (
            <Row
              key={entry.id}
              rank={index + 1}
              to={fictionPath(entry.royalroad_id, entry.title)}
              title={entry.title}
              author={entry.author_name}
            />
          ))
        ) : (
          <Quiet loading={popular.isPending}>
            {popular.isSuccess ? 'No fictions in readers’ lists yet.' : null}
          </Quiet>
        )}
      </Table>
    </div>
  );
}
