import type { PopularFiction } from '@rrc/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { PopularFictionsList } from './PopularFictionsList.tsx';

/** SPEC §8: the server's error text, else its message, else 'Failed to load popular fictions'. */
async function fetchPopular(signal: AbortSignal): Promise<PopularFiction[]> {
  let body: { success?: boolean; data?: PopularFiction[]; error?: string; message?: string } | null = null;
  try {
    const response = await apiFetch('/royalroad/popular', { signal });
    body = await response.json().catch(() => null);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
  }
  if (body?.success && Array.isArray(body.data)) return body.data;
  throw new Error(body?.error || body?.message || 'Failed to load popular fictions');
}

export function PopularPage() {
  const popular = useQuery({
    queryKey: ['royalroad', 'popular'],
    queryFn: ({ signal }) => fetchPopular(signal),
    retry: false,
  });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Popular on Royal Road</h1>
      <p className="mt-1 text-slate-600">
        Royal Road's list of active popular fictions, refreshed every hour.
      </p>
      <div className="mt-6">
        {popular.isPending ? (
          <PageSpinner label="Loading popular fictions" />
        ) : popular.isError ? (
          <div className="space-y-3">
            <Alert tone="error">{popular.error.message}</Alert>
            <Button variant="secondary" onClick={() => popular.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <PopularFictionsList fictions={popular.data} />
        )}
      </div>
    </div>
  );
}
