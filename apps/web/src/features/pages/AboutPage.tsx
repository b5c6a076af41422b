import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { useSession } from '../../lib/session.ts';
import { Prose } from './Prose.tsx';

export function AboutPage() {
  const { status } = useSession();
  return (
    <Prose
      title="About RR Companion"
      lead="A companion for readers and authors of serial fiction on Royal Road: your reading list, every fiction's statistics over time, and the Rising Stars rankings in one place."
    >
      <h2>What it does</h2>
      <ul>
        <li>
          Keep a list of the fictions you read, with a reading status, chapter progress and favorites in your
          own order.
        </li>
        <li>
          See followers, views, pages, ratings and scores of any fiction charted over time, from snapshots we
          keep.
        </li>
        <li>Follow Rising Stars: where a fiction ranks in each genre list and which way it is moving.</li>
        <li>Download your data whenever you like.</li>
      </ul>

      <h2>Where the numbers come from</h2>
      <p>
        We read Royal Road's public pages on a gentle schedule in Pacific time: every tracked fiction once a
        day at 12:24am, and the Rising Stars lists four times a day (12:24am, 6:24am, 12:24pm and 6:24pm). We
        keep every snapshot, so the history only grows. RR Companion is independent and not affiliated with
        Royal Road.
      </p>

      <section
        aria-labelledby="founder"
        className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="founder" className="!mt-0">
          From the founder
        </h2>
        <p className="mt-3">
          RR Companion started as a spreadsheet. I read a lot of serial fiction, and I kept wanting to know
          how the stories I loved were doing: was that new fiction climbing Rising Stars, how fast were its
          followers growing, had it stalled? Royal Road shows the numbers of today, not how they got there.
        </p>
        <p className="mt-3">
          So I began writing the numbers down, then automated it, then shared it with friends who write. This
          site is that tool grown up: free to use, kept alive by readers who buy it a coffee, and built to be
          polite to the site it depends on. If something is missing or wrong, I want to hear about it.
        </p>
      </section>

      <div className="pt-4">
        {status === 'signed-in' ? (
          <Link to="/dashboard" className={buttonClasses('primary')}>
            Go to your dashboard
          </Link>
        ) : (
          <Link to="/register" className={buttonClasses('primary')}>
            Create a free account
          </Link>
        )}
      </div>
    </Prose>
  );
}
