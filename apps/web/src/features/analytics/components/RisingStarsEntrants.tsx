import type { RisingStarsEntrants as Entrants, RisingStarsContext } from '@rrc/contract';
import { figure } from './format.ts';

function Row({ label, entrants }: { label: string; entrants: Entrants }) {
  // A figure known for fewer fictions than entered says over how many it was taken.
  const spread = (value: Entrants['followers'], unit: string) =>
    value.median === null
      ? 'not known'
      : `${figure(value.median, 0)}${unit} (middle half ${figure(value.low, 0)}–${figure(value.high, 0)}${
          value.known < entrants.fictions ? `, of ${value.known}` : ''
        })`;
  return (
    <tr>
      <th scope="row" className="py-1.5 pr-2 font-normal text-slate-600">
        {label}
        <span className="block text-xs text-slate-500">
          {entrants.fictions} fiction{entrants.fictions === 1 ? '' : 's'}
        </span>
      </th>
      <td className="py-1.5 pr-2 text-slate-900">{spread(entrants.followers, '')}</td>
      <td className="py-1.5 text-slate-900">{spread(entrants.age_days, ' days')}</td>
    </tr>
  );
}

/**
 * How many followers fictions had, and how old they were, when they entered the main Rising Stars list in
 * our captures: overall and for the genres of the fiction at hand.
 */
export function RisingStarsEntrants({ context }: { context: RisingStarsContext }) {
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="entrants-heading"
    >
      <h2 id="entrants-heading" className="text-lg font-semibold text-slate-900">
        Entering Rising Stars
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Followers and age (days since the first chapter) of fictions when they entered the main Rising Stars
        list in our captures: the median, and the middle half.
      </p>
      {context.overall.fictions === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No fiction has been seen entering the main list yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1.5 pr-2 font-medium">
                Fictions
              </th>
              <th scope="col" className="py-1.5 pr-2 font-medium">
                Followers
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Age
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <Row label="All" entrants={context.overall} />
            {context.genres.map((genre) => (
              <Row key={genre.genre} label={genre.label} entrants={genre} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
