import { MIN_PEERS, type Peers } from '@rrc/contract';
import { figure, ordinal } from './format.ts';

const METRICS: Array<[keyof Peers['percentiles'], string]> = [
  ['followers', 'Followers'],
  ['views_per_follower', 'Views per follower'],
  ['favorites_per_follower', 'Favorites per follower'],
  ['ratings_per_follower', 'Ratings per follower'],
];

function Cell({ value, cohort }: { value: number | null; cohort: { size: number } | null }) {
  if (!cohort) return <span className="text-slate-500">unknown</span>;
  if (cohort.size < MIN_PEERS) return <span className="text-slate-500">fewer than {MIN_PEERS} peers</span>;
  if (value === null) return <span className="text-slate-500">not known</span>;
  return <span className="font-medium text-slate-900">{ordinal(value)} percentile</span>;
}

/** 'How it compares': percentiles among tracked fictions of similar length and, when known, age. */
export function PeersPanel({ peers }: { peers: Peers }) {
  const { length_cohort: length, age_cohort: age } = peers;
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="peers-heading"
    >
      <h2 id="peers-heading" className="text-lg font-semibold text-slate-900">
        How it compares
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        {length
          ? `Against ${length.size.toLocaleString()} tracked fictions of ${figure(length.min, 0)}–${figure(length.max, 0)} pages`
          : 'Its length is not known yet, so it has no peers.'}
        {age &&
          `; ${age.size.toLocaleString()} of them launched ${figure(age.min, 0)}–${figure(age.max, 0)} days ago`}
        . 50th means half of them have less.
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              <span className="sr-only">Figure</span>
            </th>
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Similar length ({length?.size ?? 0})
            </th>
            <th scope="col" className="py-1.5 font-medium">
              and age ({age?.size ?? 0})
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {METRICS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row" className="py-1.5 pr-2 font-normal text-slate-600">
                {label}
              </th>
              <td className="py-1.5 pr-2">
                <Cell value={peers.percentiles[key].length} cohort={length} />
              </td>
              <td className="py-1.5">
                <Cell value={peers.percentiles[key].age} cohort={age} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
