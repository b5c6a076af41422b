import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { usePopular } from './api/get-popular.ts';
import { PopularFictionsList } from './PopularFictionsList.tsx';

export function PopularPage() {
  const popular = usePopular();
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
