import { ROYALROAD_URL_HELP, royalroadFictionId } from '@rrc/contract/rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { scrapeFiction } from '../api/scrape-fiction.ts';
import { triggerRisingStarsScrape } from '../api/trigger-rising-stars-scrape.ts';
import { useJobStarter } from '../hooks/use-job-starter.ts';
import { JobProgress } from './JobProgress.tsx';

export const BAD_FICTION_INPUT = `That is not a Royal Road fiction. ${ROYALROAD_URL_HELP}`;

function RisingStarsScrape() {
  const job = useJobStarter(() => triggerRisingStarsScrape());
  return (
    <div className="space-y-3">
      <div>
        <h3 className="font-semibold text-slate-900">Rising Stars</h3>
        <p className="mt-1 text-sm text-slate-600">
          Captures every Rising Stars list now. A click while a capture runs follows that one.
        </p>
      </div>
      <Button onClick={() => job.start(undefined)} disabled={job.busy}>
        Scrape Rising Stars now
      </Button>
      {job.startError && <Alert tone="error">{job.startError}</Alert>}
      {job.run && <JobProgress run={job.run} trackingError={job.trackingError} />}
    </div>
  );
}

function FictionScrape() {
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const job = useJobStarter((royalroadId: number) => scrapeFiction(royalroadId));
  const scraped = job.run?.status === 'succeeded' ? Number(job.run.params.royalroadId) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const royalroadId = royalroadFictionId(input);
    setInvalid(royalroadId === null);
    if (royalroadId !== null) job.start(royalroadId);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <h3 className="font-semibold text-slate-900">Scrape one fiction</h3>
      <TextField
        label="Royal Road fiction link or id"
        name="fiction"
        inputMode="url"
        autoComplete="off"
        placeholder="https://www.royalroad.com/fiction/12345/title"
        hint="Adds the fiction if it is new, and records today's numbers."
        aria-invalid={invalid || undefined}
        value={input}
        onChange={(event) => {
          setInput(event.target.value);
          setInvalid(false);
        }}
      />
      <Button type="submit" variant="secondary" disabled={!input.trim() || job.busy}>
        Scrape fiction
      </Button>
      {invalid && <Alert tone="error">{BAD_FICTION_INPUT}</Alert>}
      {job.startError && <Alert tone="error">{job.startError}</Alert>}
      {job.run && <JobProgress run={job.run} trackingError={job.trackingError} />}
      {scraped !== null && Number.isSafeInteger(scraped) && (
        <Link to={`/fiction/${scraped}`} className="text-sm font-medium text-brand-700 hover:text-brand-800">
          Open the fiction page →
        </Link>
      )}
    </form>
  );
}

/** Admins start scrapes here and watch them finish. */
export function ScrapeControls() {
  return (
    <Card title="Scrape now">
      <RisingStarsScrape />
      <hr className="my-6 border-slate-100" />
      <FictionScrape />
    </Card>
  );
}
