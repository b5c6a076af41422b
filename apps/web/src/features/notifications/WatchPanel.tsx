import { WATCH_EVENT_LABELS, WATCH_EVENTS, type WatchEvent } from '@rrc/contract/rules';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Icon } from '../../components/ui/Icon.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { useDeleteWatch, useSaveWatch, useWatch } from './api/watches.ts';

type Channels = { app: boolean; email: boolean; webhooks: boolean };
const CHANNEL_LABELS: Record<keyof Channels, string> = {
  app: 'In the app',
  email: 'Email',
  webhooks: 'My webhooks',
};

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
    </div>
  );
}

/** The fiction page's alerts: which events of this fiction to be told of, and how. */
export function WatchPanel({ royalroadId }: { royalroadId: number }) {
  const watch = useWatch(royalroadId);
  const save = useSaveWatch();
  const remove = useDeleteWatch();
  const [open, setOpen] = useState(false);
  const [events, setEvents] = useState<WatchEvent[]>([]);
  const [channels, setChannels] = useState<Channels>({ app: true, email: false, webhooks: false });
  const current = watch.data;

  useEffect(() => {
    if (!open) return;
    setEvents(current ? current.events : ['chapter_released', 'rs_entered']);
    setChannels(current ? current.channels : { app: true, email: false, webhooks: false });
  }, [open, current]);

  const busy = save.isPending || remove.isPending;
  const watching = current && current.events.length > 0;
  const done = () => {
    setOpen(false);
    void watch.refetch();
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={watch.isPending}>
        <Icon name="bell" className="h-4 w-4" />
        {watching ? 'Alerts on' : 'Get alerts'}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Alerts for this fiction" busy={busy}>
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ royalroad_id: royalroadId, events, channels }, { onSuccess: done });
          }}
        >
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Tell me when</legend>
            <div className="mt-2 space-y-2">
              {WATCH_EVENTS.map((event) => (
                <Check
                  key={event}
                  label={WATCH_EVENT_LABELS[event]}
                  checked={events.includes(event)}
                  onChange={(on) =>
                    setEvents(on ? [...events, event] : events.filter((each) => each !== event))
                  }
                />
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">How</legend>
            <div className="mt-2 space-y-2">
              {(Object.keys(CHANNEL_LABELS) as (keyof Channels)[]).map((channel) => (
                <Check
                  key={channel}
                  label={CHANNEL_LABELS[channel]}
                  checked={channels[channel]}
                  onChange={(on) => setChannels({ ...channels, [channel]: on })}
                />
              ))}
            </div>
            <p className="mt-2 text-xs text-slate-500">
              Email goes to your verified address; webhooks and the digest are set up in{' '}
              <Link to="/notifications/settings" className="font-medium text-brand-700 hover:underline">
                alert settings
              </Link>
              .
            </p>
          </fieldset>
          {(save.isError || remove.isError) && (
            <Alert tone="error">{(save.error ?? remove.error)?.message}</Alert>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {current && !current.default && (
              <Button
                variant="ghost"
                disabled={busy}
                onClick={() => remove.mutate(royalroadId, { onSuccess: done })}
              >
                Stop watching
              </Button>
            )}
            <Button type="submit" disabled={busy}>
              Save alerts
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
