import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useNotificationSettings, useRegenerateFeed, useSaveNotificationSettings } from './api/settings.ts';
import { WatchedFictions } from './WatchedFictions.tsx';
import { Webhooks } from './Webhooks.tsx';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** Every time zone this browser knows, for the picker (UTC first). */
const timeZones = (): string[] => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
};
const HOURS = [...Array(24).keys()];
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

function EmailAndDigest() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [hour, setHour] = useState(8);
  const [zone, setZone] = useState('UTC');
  const hourId = useId();
  const zoneId = useId();
  const [zones] = useState(timeZones);
  const zoneKnown = zones.includes(zone);
  const data = settings.data;

  useEffect(() => {
    if (!data) return;
    setHour(data.digest_hour);
    setZone(data.digest_enabled ? data.time_zone : browserZone());
  }, [data]);

  if (settings.isPending) return <PageSpinner label="Loading settings" />;
  if (settings.isError) return <Alert tone="error">{settings.error.message}</Alert>;
  const settingsData = settings.data;
  const emailPossible = settingsData.email_available && settingsData.email_verified;

  return (
    <Card title="Email">
      <div className="space-y-4">
        {!settingsData.email_available ? (
          <Alert tone="info">Email alerts are unavailable: this server has no mail server configured.</Alert>
        ) : !settingsData.email_verified ? (
          <Alert tone="info">Verify your email address to get alert emails.</Alert>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            disabled={!emailPossible || save.isPending}
            checked={settingsData.email_enabled}
            onChange={(event) => save.mutate({ email_enabled: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          Send me alert emails (for the fictions whose alerts include email; at most 100 a day)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            disabled={!emailPossible || save.isPending}
            checked={settingsData.author_report}
            onChange={(event) => save.mutate({ author_report: event.target.checked })}
            className="h-4 w-4 rounded border-slate-300 text-brand-600"
          />
          Send me the author's weekly report on Mondays (for the fictions I claimed)
        </label>
        <form
          className="space-y-3 rounded-xl bg-slate-50 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (zoneKnown) save.mutate({ digest_enabled: true, digest_hour: hour, time_zone: zone });
          }}
        >
          <p className="text-sm font-semibold text-slate-900">
            Daily digest{' '}
            {settingsData.digest_enabled
              ? `— on, at ${hourLabel(settingsData.digest_hour)} ${settingsData.time_zone}`
              : '— off'}
          </p>
          <p className="text-sm text-slate-600">
            One email a day with new chapters across your list, Rising Stars moves of your favorites and
            milestones. Nothing to say, no email.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={hourId} className="block text-sm font-medium text-slate-700">
                Hour
              </label>
              <select
                id={hourId}
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
                className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 ring-1 ring-slate-300"
              >
                {HOURS.map((value) => (
                  <option key={value} value={value}>
                    {hourLabel(value)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={zoneId} className="block text-sm font-medium text-slate-700">
                Time zone
              </label>
              <input
                id={zoneId}
                list={`${zoneId}-zones`}
                value={zone}
                autoComplete="off"
                aria-invalid={!zoneKnown}
                aria-describedby={`${zoneId}-hint`}
                onChange={(event) => setZone(event.target.value)}
                className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 ring-1 ring-slate-300"
              />
              <datalist id={`${zoneId}-zones`}>
                {zones.map((option) => (
                  <option key={option} value={option} />
                ))}
              </datalist>
              <p
                id={`${zoneId}-hint`}
                className={`mt-1 text-xs ${zoneKnown ? 'text-slate-500' : 'text-red-700'}`}
              >
                {zoneKnown
                  ? `Type to search; this browser is in ${browserZone()}.`
                  : 'Pick a time zone from the list, like Europe/Paris.'}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={!emailPossible || save.isPending || !zoneKnown}>
              {settingsData.digest_enabled ? 'Save digest' : 'Turn the digest on'}
            </Button>
            {settingsData.digest_enabled && (
              <Button
                variant="secondary"
                disabled={save.isPending}
                onClick={() => save.mutate({ digest_enabled: false })}
              >
                Turn the digest off
              </Button>
            )}
          </div>
        </form>
        {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        {save.isSuccess && <Alert tone="success">Saved.</Alert>}
      </div>
    </Card>
  );
}

function Feed() {
  const settings = useNotificationSettings();
  const regenerate = useRegenerateFeed();
  if (!settings.data) return null;
  return (
    <Card title="Your private feed">
      <p className="text-sm text-slate-600">
        An Atom feed of your alerts for any feed reader. Keep the address to yourself; a new one stops the
        old.
      </p>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 font-mono text-xs break-all text-slate-800">
        {settings.data.feed_url}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <CopyButton text={settings.data.feed_url} label="Copy the feed address" />
        <Button variant="secondary" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
          New feed address
        </Button>
      </div>
    </Card>
  );
}

function FailedDeliveries() {
  const settings = useNotificationSettings();
  const failed = settings.data?.failed_deliveries ?? [];
  if (failed.length === 0) return null;
  return (
    <Card title="Deliveries given up">
      <ul className="space-y-2 text-sm">
        {failed.map((delivery) => (
          <li key={delivery.id} className="rounded-lg bg-red-50 p-3 text-red-900">
            {delivery.channel === 'webhook' ? 'Webhook' : 'Email'} to{' '}
            <span className="break-all">{delivery.target}</span>, given up after {delivery.attempts} tries:{' '}
            {delivery.last_error}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * `/notifications/settings`: what the reader watches, email and digest, webhooks, the private feed and what
 * could not be delivered.
 */
export function AlertSettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Alert settings</h1>
        <p className="mt-1 text-slate-600">
          What you watch and how you hear of it.{' '}
          <Link to="/notifications" className="font-medium text-brand-700 hover:underline">
            Back to notifications
          </Link>
        </p>
      </div>
      <WatchedFictions />
      <EmailAndDigest />
      <Webhooks />
      <Feed />
      <FailedDeliveries />
    </div>
  );
}
