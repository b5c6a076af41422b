import type { Watch } from '@rrc/contract';
import { fictionPath, WATCH_EVENT_LABELS, WATCH_EVENTS, type WatchEvent } from '@rrc/contract/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useDeleteWatch, useSaveWatch, useWatches } from './api/watches.ts';

const CHANNELS = [
  ['app', 'In the app'],
  ['email', 'Email'],
  ['webhooks', 'Webhooks'],
] as const;

type Choice = Pick<Watch, 'events' | 'channels'>;

/**
 * One watched fiction: its events and channels as checkboxes, each change shown at once and saved (the
 * saved choice comes back from the server; a refused one puts the boxes back as they were).
 */
function WatchRow({ watch }: { watch: Watch }) {
  const save = useSaveWatch();
  const remove = useDeleteWatch();
  const busy = save.isPending || remove.isPending;
  const [choice, setChoice] = useState<Choice>({ events: watch.events, channels: watch.channels });
  useEffect(() => setChoice({ events: watch.events, channels: watch.channels }), [watch]);
  const change = (next: Partial<Choice>) => {
    const wanted = { ...choice, ...next };
    setChoice(wanted);
    save.mutate(
      { royalroad_id: watch.royalroad_id, ...wanted },
      { onError: () => setChoice({ events: watch.events, channels: watch.channels }) },
    );
  };
  const toggleEvent = (event: WatchEvent, on: boolean) =>
    change({ events: on ? [...choice.events, event] : choice.events.filter((each) => each !== event) });

  return (
    <li aria-label={watch.title} className="rounded-xl p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link
          to={fictionPath(watch.royalroad_id, watch.title)}
          className="min-w-0 font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
        >
          {watch.title}
        </Link>
        <span className="text-xs text-slate-500">
          {watch.default ? 'In your list: the usual alerts' : 'Your choice'}
        </span>
      </div>
      <fieldset className="mt-2" disabled={remove.isPending}>
        <legend className="text-xs font-medium text-slate-600">Tell me when</legend>
        <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {WATCH_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={choice.events.includes(event)}
                onChange={(changeEvent) => toggleEvent(event, changeEvent.currentTarget.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600"
              />
              {WATCH_EVENT_LABELS[event]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-2" disabled={remove.isPending}>
        <legend className="text-xs font-medium text-slate-600">How</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {CHANNELS.map(([channel, label]) => (
            <label key={channel} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={choice.channels[channel]}
                onChange={(event) =>
                  change({ channels: { ...choice.channels, [channel]: event.currentTarget.checked } })
                }
                className="h-4 w-4 rounded border-slate-300 text-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {!watch.default && (
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            disabled={busy}
            onClick={() => remove.mutate(watch.royalroad_id)}
          >
            Stop watching
          </Button>
        )}
        <span role="status" className="text-xs text-slate-600">
          {busy ? 'Saving…' : save.isSuccess ? 'Saved' : ''}
        </span>
      </div>
      {(save.isError || remove.isError) && (
        <div className="mt-2">
          <Alert tone="error">{(save.error ?? remove.error)?.message}</Alert>
        </div>
      )}
    </li>
  );
}

/** Every fiction the reader watches (their list's included), with its events and channels, editable here. */
export function WatchedFictions() {
  const watches = useWatches();
  return (
    <Card title="What you watch">
      {watches.isPending ? (
        <PageSpinner label="Loading what you watch" />
      ) : watches.isError ? (
        <Alert tone="error">{watches.error.message}</Alert>
      ) : watches.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing yet. Fictions in your list are watched for their usual alerts; any other fiction can be
          watched from its page with <strong>Get alerts</strong>.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Each change is saved as you make it. Fictions in your list get the usual alerts until you change
            them.
          </p>
          <ul className="mt-3 space-y-3">
            {watches.data.map((watch) => (
              <WatchRow key={watch.royalroad_id} watch={watch} />
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
