import { Alert } from '../../../components/ui/Alert.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useDeliveryHealth } from '../api/get-delivery-health.ts';

const CHANNELS: Record<string, string> = {
  email: 'Alert emails',
  digest: 'Daily digests',
  webhook: 'Webhooks',
};

/** How alert deliveries are going: per channel, waiting and failing now, sent and given up in 24 hours. */
export function DeliveryHealth() {
  const health = useDeliveryHealth();
  return (
    <Card title="Alert deliveries">
      {health.isPending ? (
        <Spinner label="Loading deliveries" />
      ) : health.isError ? (
        <Alert tone="error">{health.error.message}</Alert>
      ) : health.data.length === 0 ? (
        <p className="text-sm text-slate-600">No alert email or webhook call in the last 24 hours.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Alert deliveries by channel</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Channel
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Queued
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Failing, to retry
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Sent (24 h)
                </th>
                <th scope="col" className="py-2 font-medium">
                  Given up (24 h)
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-800">
              {health.data.map((row) => (
                <tr key={row.channel}>
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {CHANNELS[row.channel] ?? row.channel}
                  </th>
                  <td className="py-2 pr-4">{row.queued}</td>
                  <td className="py-2 pr-4">{row.failed}</td>
                  <td className="py-2 pr-4">{row.sent}</td>
                  <td className={`py-2 ${row.given_up > 0 ? 'font-semibold text-red-700' : ''}`}>
                    {row.given_up}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
