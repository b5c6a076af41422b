import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { useSubscription, useUnsubscribe } from './api/unsubscribe.ts';

/** `/unsubscribe?token=…`: the link in every alert email; stops them without signing in. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const subscription = useSubscription(token);
  const unsubscribe = useUnsubscribe();

  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:px-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Alert emails</h1>
        <div className="mt-4 space-y-4">
          {!token ? (
            <Alert tone="error">This unsubscribe link is not valid.</Alert>
          ) : subscription.isPending ? (
            <PageSpinner label="Loading" />
          ) : subscription.isError ? (
            <Alert tone="error">{subscription.error.message}</Alert>
          ) : subscription.data.subscribed ? (
            <>
              <p className="text-slate-700">
                Stop every alert email and the daily digest sent to <strong>{subscription.data.email}</strong>
                ? Alerts in the app, webhooks and feeds stay as they are.
              </p>
              {unsubscribe.isError && <Alert tone="error">{unsubscribe.error.message}</Alert>}
              <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
                Stop alert emails
              </Button>
            </>
          ) : (
            <Alert tone="success">
              {subscription.data.email} gets no more alert emails. You can turn them on again in your alert
              settings.
            </Alert>
          )}
          <p className="text-sm text-slate-600">
            <Link to="/notifications/settings" className="font-medium text-brand-700 hover:underline">
              Alert settings
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
