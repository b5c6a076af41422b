import { ProfileCard } from '../../features/auth/ProfileCard.tsx';
import { AllFictionsList } from '../../features/reading-list/components/AllFictionsList.tsx';
import { FavoritesList } from '../../features/reading-list/components/FavoritesList.tsx';
import { ListOverview } from '../../features/reading-list/components/ListOverview.tsx';
import { QuickActions } from '../../features/reading-list/components/QuickActions.tsx';
import { ViewSwitch } from '../../features/reading-list/components/ViewSwitch.tsx';
import { useListFilter } from '../../features/reading-list/list-filter.ts';
import { useSession } from '../../lib/session.ts';
import { WelcomeCard } from './WelcomeCard.tsx';

/** `/dashboard`: the reader's list (reading list feature) beside their profile (auth feature) and a welcome. */
export function DashboardPage() {
  const { user } = useSession();
  const { view, showAll, showFavorites } = useListFilter();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
      <p className="mt-1 text-slate-600">Your reading list, favorites and the fictions you follow.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <QuickActions onAdded={showFavorites} />
          <ListOverview />
          <ViewSwitch view={view} onChange={(next) => (next === 'all' ? showAll() : showFavorites())} />
          {view === 'favorites' ? <FavoritesList /> : <AllFictionsList />}
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
          <WelcomeCard name={user.name || user.email} />
        </div>
      </div>
    </div>
  );
}
