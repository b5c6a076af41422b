import { useSession } from '../auth/session.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { WelcomeCard } from './WelcomeCard.tsx';

export function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
      <p className="mt-1 text-slate-600">Your reading list, favorites and the fictions you follow.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <WelcomeCard name={user.name || user.email} />
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
        </div>
      </div>
    </div>
  );
}
