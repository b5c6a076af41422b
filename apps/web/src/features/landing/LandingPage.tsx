import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useSession } from '../../lib/session.ts';
import { Schedule } from './Schedule.tsx';
import { TopFictions } from './TopFictions.tsx';

const FEATURES = [
  {
    title: 'Your reading list',
    text: 'Statuses, chapter progress and favorites in your own order, dragged into place.',
  },
  {
    title: 'Statistics over time',
    text: 'Followers, views, pages, ratings and scores charted from every snapshot we keep.',
  },
  {
    title: 'Rising Stars',
    text: 'Positions on every genre list with their trend, a replay of the rankings and a position calculator.',
  },
  {
    title: 'Your data, yours',
    text: 'Download your list and every statistic behind it as a ZIP of CSV and JSON files.',
  },
];

const STEPS = [
  'Create a free account — an email and a password, or an external sign-in.',
  'Paste a Royal Road fiction link to add it to your list.',
  'Mark favorites and drag them into the order you read them.',
  'Open any fiction to follow its statistics and Rising Stars positions.',
  'Come back after each update: the numbers refresh on the schedule below.',
];

/** A part of the page under its heading, which names it for screen readers. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function LandingPage() {
  const { status } = useSession();
  const signedIn = status === 'signed-in';
  const cta = signedIn ? (
    <Link to="/dashboard" className={buttonClasses('primary', 'px-5 py-2.5 text-base')}>
      Go to Dashboard
    </Link>
  ) : (
    <Link to="/register" className={buttonClasses('primary', 'px-5 py-2.5 text-base')}>
      Sign Up Now
    </Link>
  );

  return (
    <div>
      <section className="bg-gradient-to-b from-brand-900 to-brand-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight sm:text-5xl">Welcome to RR Companion</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            The companion for readers and authors of serial fiction on Royal Road: keep your reading list,
            watch every fiction's numbers grow, and follow the Rising Stars rankings as they move.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {cta}
            <Link
              to="/about"
              className="rounded-lg px-5 py-2.5 text-base font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
            >
              Learn more about RR Companion
            </Link>
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        <Section id="what-heading" title="What it is">
          <p className="mt-3 max-w-3xl text-slate-700">
            Royal Road shows today's numbers. RR Companion keeps every snapshot — followers, views, pages,
            ratings, scores and Rising Stars positions — so you can see how a story got where it is, and where
            it is heading. It is free, independent, and gentle with the site it reads.
          </p>
        </Section>

        <Section id="top-heading" title="Top Fictions">
          <div className="mt-4">
            <TopFictions />
          </div>
          <p className="mt-4 text-sm">
            <Link to="/royalroad" className="font-semibold text-brand-700 hover:text-brand-800">
              See what is popular on Royal Road <span aria-hidden="true">→</span>
            </Link>
          </p>
          <p className="mt-2 text-sm">
            <Link to="/movers" className="font-semibold text-brand-700 hover:text-brand-800">
              See this week's biggest movers <span aria-hidden="true">→</span>
            </Link>
          </p>
        </Section>

        <Section id="features-heading" title="Key features">
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <h3 className="font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="how-heading" title="How it works">
          <ol className="mt-4 grid gap-3 md:grid-cols-5">
            {STEPS.map((step, index) => (
              <li
                key={step}
                className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex-col"
              >
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent-400 font-bold text-brand-900">
                  {index + 1}
                </span>
                <p className="text-sm text-slate-700">{step}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="schedule-heading" title="Data update schedule">
          <div className="mt-4">
            <Schedule />
          </div>
        </Section>

        <section className="rounded-3xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10">
          <h2 className="text-2xl font-bold">
            {signedIn ? 'Your list is waiting' : 'Start tracking your fictions'}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            {signedIn ? 'See what moved since your last visit.' : 'It takes a minute and costs nothing.'}
          </p>
          <div className="mt-6 flex justify-center">{cta}</div>
        </section>
      </div>
    </div>
  );
}
