import type { FollowersProjection } from '@rrc/contract';
import { captureDate as day } from '../../../components/Freshness.tsx';
import { figure, signed } from './format.ts';

type Available = Extract<FollowersProjection, { available: true }>;

/** "around Mar 3 (Feb 20 – Mar 30)", or what is known when the range runs past a year. */
function when(passing: { date: string | null; earliest: string | null; latest: string | null }) {
  if (passing.earliest === null) return 'not within a year at this pace';
  if (passing.date === null) return `not before ${day(passing.earliest)}, perhaps not within a year`;
  if (passing.latest === null)
    return `around ${day(passing.date)} (from ${day(passing.earliest)}; perhaps not within a year)`;
  if (passing.earliest === passing.latest) return `around ${day(passing.date)}`;
  return `around ${day(passing.date)} (${day(passing.earliest)} – ${day(passing.latest)})`;
}

/** A round count as readers say it: 1K, 2.5K, 100K, 1M. */
function round(followers: number) {
  if (followers >= 1_000_000) return `${figure(followers / 1_000_000)}M`;
  if (followers >= 1_000) return `${figure(followers / 1_000)}K`;
  return figure(followers, 0);
}

function Heading() {
  return (
    <>
      <h2 id="projection-heading" className="text-lg font-semibold text-slate-900">
        Where it's heading
      </h2>
      <p className="mt-1 text-xs text-slate-500">
        Followers at the pace of the last two weeks (and its change since the two weeks before), with the
        range they will fall in 4 times out of 5.
      </p>
    </>
  );
}

/** The fiction's followers projected a week, a month and a quarter ahead, its next milestones and the main list. */
export function ProjectionPanel({ projection }: { projection: FollowersProjection }) {
  return (
    <section
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="projection-heading"
      data-testid="projection"
    >
      <Heading />
      {projection.available ? (
        <Projection projection={projection} />
      ) : (
        <p className="mt-3 text-sm text-slate-500">{projection.reason}</p>
      )}
    </section>
  );
}

function Projection({ projection }: { projection: Available }) {
  const { main_list: main } = projection;
  return (
    <>
      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        {projection.horizons.map((horizon) => (
          <div key={horizon.days} className="min-w-0 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-100 sm:p-3">
            <dt className="text-xs font-medium text-slate-500">In {horizon.days} days</dt>
            <dd className="mt-1">
              <span className="text-lg font-semibold text-slate-900 tabular-nums sm:text-xl">
                {figure(horizon.mid, 0)}
              </span>
              <span className="block text-sm text-emerald-700 tabular-nums sm:ml-2 sm:inline">
                {signed(horizon.mid - projection.followers, 0)}
              </span>
              <span className="block text-xs text-slate-500 tabular-nums">
                {figure(horizon.low, 0)} – {figure(horizon.high, 0)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-700">
        {projection.milestones.map((milestone) => (
          <li key={milestone.followers}>
            <span className="font-medium text-slate-900">{round(milestone.followers)} followers</span>:{' '}
            {when(milestone)}
          </li>
        ))}
        {main && (
          <li>
            <span className="font-medium text-slate-900">Main Rising Stars list</span>:{' '}
            {projection.followers >= main.followers
              ? `already more followers than today's #${main.position} (${figure(main.followers, 0)})`
              : `today's #${main.position} has ${figure(main.followers, 0)} followers: ${when(main)}`}
          </li>
        )}
      </ul>
      <p className="mt-3 text-xs text-slate-500">From the capture of {day(projection.as_of)}.</p>
    </>
  );
}
