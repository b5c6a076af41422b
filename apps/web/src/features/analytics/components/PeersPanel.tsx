import type { Peers } from '@rrc/contract';
import { MIN_PEERS } from '@rrc/contract/rules';
import { figure, ordinal } from './format.ts';

const METRICS: Array<[keyof Peers['percentiles'], string]> = [
  ['followers', 'Followers'],
  ['views_per_follower', 'Views per follower'],
  ['favorites_per_follower', 'Favorites per follower'],
  ['ratings_per_follower', 'Ratings per follower'],
];

type Cohort = NonNullable<Peers['length_cohort']>;
const enough = (cohort: Cohort | null): boolean => cohort !== null && cohort.size >= MIN_PEERS;
const fictions = (count: number) => `${count.toLocaleString()} tracked fiction${count === 1 ? '' : 's'}`;

function Cell({ value }: { value: number | null }) {
  if (value === null) return <span className="text-slate-500">not known</span>;
  return <span className="font-medium text-slate-900">{ordinal(value)} percentile</span>;
}

/** Why a fiction is not compared (yet), in one sentence, instead of a table of empty cells. */
function NotCompared({ length }: { length: Cohort | null }) {
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="peers-too-few">
      {length
        ? `Only ${fictions(length.size)} of ${figure(length.min, 0)}–${figure(length.max, 0)} pages, fewer than the ${MIN_PEERS} it takes to compare; it is compared once there are more.`
        : 'Its length is not known yet, so it has no peers.'}
    </p>
  );
}

/**
 * 'How it compares': percentiles among tracked fictions of similar length and, when known, age. Only the
 * groups of at least MIN_PEERS fictions get a column; with none, one sentence says why.
 */
export function PeersPanel({ peers }: { peers: Peers }) {
  const { length_cohort: length, age_cohort: age } = peers;
  const byAge = enough(age);
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="peers-heading"
    >
      <h2 id="peers-heading" className="text-lg font-semibold text-slate-900">
        How it compares
      </h2>
      {!length || !enough(length) ? (
        <NotCompared length={length} />
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">
            {`Against ${fictions(length.size)} of ${figure(length.min, 0)}–${figure(length.max, 0)} pages`}
            {age &&
              (byAge
                ? `; ${age.size.toLocaleString()} of them ${figure(age.min, 0)}–${figure(age.max, 0)} days old at their latest snapshot`
                : `; only ${age.size.toLocaleString()} of them are of its age, too few to compare by age`)}
            . 50th means half of them have less.
          </p>
          <table className="mt-3 w-full max-w-2xl text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1.5 pr-2 font-medium">
                  <span className="sr-only">Figure</span>
                </th>
                <th scope="col" className="py-1.5 pr-2 font-medium">
                  Similar length ({length.size})
                </th>
                {age && byAge && (
                  <th scope="col" className="py-1.5 font-medium">
                    and age ({age.size})
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {METRICS.map(([key, label]) => (
                <tr key={key}>
                  <th scope="row" className="py-1.5 pr-2 font-normal text-slate-600">
                    {label}
                  </th>
                  <td className="py-1.5 pr-2">
                    <Cell value={peers.percentiles[key].length} />
                  </td>
                  {byAge && (
                    <td className="py-1.5">
                      <Cell value={peers.percentiles[key].age} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
