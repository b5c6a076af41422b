import type { WEBHOOK_KINDS, Webhook } from '@rrc/contract';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { CopyButton } from '../../components/ui/CopyButton.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useSwitchWebhook } from './api/switch-webhook.ts';
import { useAddWebhook, useDeleteWebhook, useTestWebhook, useWebhooks } from './api/webhooks.ts';

/**
 * One webhook: its address and kind; one that is off says why (paused after a change to the account, or
 * switched off after failing) and offers to turn it back on.
 */
function WebhookItem({
  hook,
  actions,
  tested,
}: {
  hook: Webhook;
  actions: {
    test: ReturnType<typeof useTestWebhook>;
    remove: ReturnType<typeof useDeleteWebhook>;
    turn: ReturnType<typeof useSwitchWebhook>;
    onTested: (id: number) => void;
  };
  tested: boolean;
}) {
  const { test, remove, turn } = actions;
  return (
    <li className={`rounded-xl p-3 ring-1 ${hook.enabled ? 'ring-slate-200' : 'bg-amber-50 ring-amber-200'}`}>
      <p className="font-mono text-sm break-all text-slate-900">{hook.url}</p>
      <p className="mt-1 text-sm text-slate-600">
        {hook.kind === 'discord' ? 'Discord' : 'Signed JSON'} — {hook.enabled ? 'on' : 'off'}
      </p>
      {!hook.enabled && (
        <p className="mt-2 text-sm font-medium text-amber-900">{hook.disabled_reason ?? 'Switched off.'}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {hook.enabled ? (
          <Button
            variant="secondary"
            disabled={test.isPending}
            onClick={() => test.mutate(hook.id, { onSuccess: () => actions.onTested(hook.id) })}
          >
            Send test
          </Button>
        ) : (
          <Button
            disabled={turn.isPending && turn.variables?.id === hook.id}
            onClick={() => turn.mutate({ id: hook.id, enabled: true })}
          >
            Turn on
          </Button>
        )}
        <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate(hook.id)}>
          Remove
        </Button>
      </div>
      {tested && <p className="mt-2 text-sm text-emerald-700">Test sent: it arrives within seconds.</p>}
    </li>
  );
}

/** The alert settings' webhooks: each with its state, and the form adding one. */
export function Webhooks() {
  const hooks = useWebhooks();
  const add = useAddWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const turn = useSwitchWebhook();
  const [url, setUrl] = useState('');
  const [kind, setKind] = useState<(typeof WEBHOOK_KINDS)[number]>('discord');
  const [tested, setTested] = useState<number | null>(null);
  const kindId = useId();

  return (
    <Card title="Webhooks">
      <p className="text-sm text-slate-600">
        Up to 5 addresses called for the fictions whose alerts include webhooks: a Discord webhook, or your
        own receiver of signed JSON.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Each signed JSON call carries <code>RRC-Signature: t=&lt;unix seconds&gt;,v1=&lt;HMAC&gt;</code>,
        where the HMAC is the hex SHA-256 HMAC of the seconds, a dot and the raw body, keyed with the
        webhook's secret: with the secret <code>my-secret</code>, <code>t=1784707200</code> and the body{' '}
        <code>{'{"event":"chapter_released"}'}</code> it is{' '}
        <code className="break-all">v1=0bd1eb6b1ae7bfafdf26b093f0890f6038b1460cbc6543d0219c450e8f198bc5</code>
        ; compute it over the body you received and drop calls whose signature differs or whose time is more
        than 5 minutes off.
      </p>
      {hooks.isError && <Alert tone="error">{hooks.error.message}</Alert>}
      <ul className="mt-4 space-y-3">
        {hooks.data?.map((hook) => (
          <WebhookItem
            key={hook.id}
            hook={hook}
            actions={{ test, remove, turn, onTested: setTested }}
            tested={tested === hook.id}
          />
        ))}
      </ul>
      {add.data && (
        <div className="mt-4">
          <Alert tone="success">
            Webhook added. Its signing secret, shown this once:{' '}
            <code className="break-all">{add.data.secret}</code>{' '}
            <CopyButton text={add.data.secret} label="Copy the webhook secret" />
          </Alert>
        </div>
      )}
      {(hooks.data?.length ?? 0) < 5 && (
        <form
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate({ url, kind }, { onSuccess: () => setUrl('') });
          }}
        >
          <TextField
            label="Webhook address"
            type="url"
            required
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://discord.com/api/webhooks/…"
          />
          <div>
            <label htmlFor={kindId} className="block text-sm font-medium text-slate-700">
              Kind
            </label>
            <select
              id={kindId}
              value={kind}
              onChange={(event) => setKind(event.target.value as typeof kind)}
              className="mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2 text-slate-900 ring-1 ring-slate-300"
            >
              <option value="discord">Discord</option>
              <option value="json">Signed JSON</option>
            </select>
          </div>
          <Button type="submit" disabled={add.isPending}>
            Add webhook
          </Button>
        </form>
      )}
      {(add.isError || remove.isError || test.isError || turn.isError) && (
        <div className="mt-3">
          <Alert tone="error">{(add.error ?? remove.error ?? test.error ?? turn.error)?.message}</Alert>
        </div>
      )}
    </Card>
  );
}
