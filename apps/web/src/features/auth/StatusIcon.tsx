import { Icon } from '../../components/ui/Icon.tsx';

/** The round mark above a page that reports how something went. */
export function StatusIcon({ tone }: { tone: 'success' | 'error' }) {
  return (
    <div
      className={`mb-5 flex h-14 w-14 items-center justify-center rounded-full ${
        tone === 'success' ? 'bg-emerald-100 text-emerald-600' : 'bg-red-100 text-red-600'
      }`}
    >
      <Icon name={tone === 'success' ? 'check' : 'warning'} className="h-7 w-7" />
    </div>
  );
}
