import { useSession } from '../auth/session.tsx';
import { AllFictionsList } from '../reading-list/components/AllFictionsList.tsx';
import { FavoritesList } from '../reading-list/components/FavoritesList.tsx';
import { ListOverview } from '../reading-list/components/ListOverview.tsx';
import { QuickActions } from '../reading-list/components/QuickActions.tsx';
import { ViewSwitch } from '../reading-list/components/ViewSwitch.tsx';
import { useListFilter } from '../reading-list/list-filter.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

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
