import { AUTHOR_EVENT_LABELS } from '@rrc/contract/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { localTime } from '../../lib/time.ts';
import { useDesk, useDeskWeek } from './api/author-events.ts';
import { WeekSummary } from './components/WeekSummary.tsx';
import { effectSentence, effectVerdict, signedCount, VERDICT_WORDS, wholeCount } from './effect-words.ts';

/**
 * The author's desk: every fiction the reader has claimed, with its week (as the Monday report tells it), a
 * 'What worked' table of what they did,
 * ordered by the followers gained beyond the trend (`extras`: what the page adds under each fiction, such as
 * where its followers are heading).
 */
export function DeskView({ extras }: { extras?: (royalroadId: number) => ReactNode }) {
  const desk = useDesk();
  const week = useDeskWeek();
  if (desk.isPending)
    return (
      <p className="flex items-center gap-3 text-slate-600">
        <Spinner label="Loading" /> Loading your desk...
      </p>
    );
  if (desk.isError) return <Alert tone="error">{desk.error.message}</Alert>;
  const { fictions } = desk.data;
  const weeks = new Map(week.data?.fictions.map((item) => [item.royalroad_id, item]));
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Your desk</h1>
        <p className="mt-1 max-w-2xl text-slate-600">
          Your claimed fictions, what you did for each and what it did: the followers gained in the 7 days
          after, against the trend of the 14 days before.
        </p>
      </header>
      {fictions.length === 0 && (
        <div className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <p className="text-slate-700">
            You have not claimed a fiction yet. Open your fiction's page here, choose{' '}
            <strong>Claim this fiction</strong> and place the code it gives you on Royal Road.
          </p>
          <Link to="/fictions" className="mt-3 inline-block font-semibold text-brand-700 underline">
            Find your fiction
          </Link>
        </div>
      )}
      {fictions.map((fiction) => (
        <section
          key={fiction.royalroad_id}
          aria-labelledby={`desk-${fiction.royalroad_id}`}
          className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`desk-${fiction.royalroad_id}`} className="text-xl font-semibold text-slate-900">
              <Link to={`/fiction/${fiction.royalroad_id}`} className="hover:underline">
                {fiction.title}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              {fiction.followers !== null && `${fiction.followers.toLocaleString()} followers · `}
              claimed {localTime(fiction.verified_at)}
            </p>
          </div>
          <WeekSummary week={weeks.get(fiction.royalroad_id)} />
          <div>
            <h3 className="font-semibold text-slate-900">What worked</h3>
            {fiction.what_worked.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">
                Nothing marked yet: add your shoutouts, ads and releases on the{' '}
                <Link to={`/fiction/${fiction.royalroad_id}`} className="text-brand-700 underline">
                  fiction's page
                </Link>
                .
              </p>
            ) : (
              <>
                {/* On a phone each event is a card; from a small tablet up, a table. */}
                <ul className="mt-2 divide-y divide-slate-100 sm:hidden" aria-label="What worked">
                  {fiction.what_worked.map((event) => {
                    const verdict = effectVerdict(event.effect);
                    return (
                      <li key={event.id} className="py-3 text-sm">
                        <p>
                          <span className="font-medium text-slate-900">
                            {AUTHOR_EVENT_LABELS[event.kind]}
                          </span>
                          {event.partner && (
                            <span className="text-slate-600"> with {event.partner.title}</span>
                          )}
                        </p>
                        {event.note && <p className="text-xs text-slate-500">{event.note}</p>}
                        <p className="text-slate-600">{localTime(event.at)}</p>
                        {verdict && (
                          <p className="mt-1 font-semibold text-slate-900">{VERDICT_WORDS[verdict]}</p>
                        )}
                        <p className="mt-1 text-slate-700">{effectSentence(event.effect)}</p>
                      </li>
                    );
                  })}
                </ul>
                <div className="mt-2 hidden overflow-x-auto sm:block">
                  <table className="w-full min-w-[36rem] text-left text-sm">
                    <thead className="text-xs uppercase tracking-wide text-slate-500">
                      <tr>
                        <th scope="col" className="py-2 pr-3">
                          Event
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          When
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          Gained in 7 days
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          Trend said
                        </th>
                        <th scope="col" className="py-2 text-right">
                          Beyond the trend
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {fiction.what_worked.map((event) => {
                        const effect = event.effect;
                        const verdict = effectVerdict(effect);
                        return (
                          <tr key={event.id}>
                            <td className="py-2 pr-3">
                              <span className="font-medium text-slate-900">
                                {AUTHOR_EVENT_LABELS[event.kind]}
                              </span>
                              {event.partner && (
                                <span className="text-slate-600"> with {event.partner.title}</span>
                              )}
                              {event.note && (
                                <span className="block text-xs text-slate-500">{event.note}</span>
                              )}
                            </td>
                            <td className="py-2 pr-3 whitespace-nowrap text-slate-700">
                              {localTime(event.at)}
                            </td>
                            {'gained' in effect ? (
                              <>
                                <td className="py-2 pr-3 text-right tabular-nums">
                                  {signedCount(effect.gained)}
                                </td>
                                <td className="py-2 pr-3 text-right tabular-nums text-slate-700">
                                  {signedCount(Math.round(effect.expected))}
                                  <span className="block text-xs text-slate-500">
                                    {wholeCount(effect.low)} to {wholeCount(effect.high)}
                                  </span>
                                </td>
                                <td className="py-2 text-right tabular-nums font-semibold">
                                  {signedCount(Math.round(effect.excess))}
                                  {verdict && (
                                    <span className="block text-xs font-normal text-slate-500">
                                      {VERDICT_WORDS[verdict]}
                                    </span>
                                  )}
                                </td>
                              </>
                            ) : (
                              <td colSpan={3} className="py-2 text-right text-slate-600">
                                {effect.reason}
                              </td>
                            )}
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </div>
          {extras?.(fiction.royalroad_id)}
        </section>
      ))}
    </div>
  );
}
