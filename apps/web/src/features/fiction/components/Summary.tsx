import type { Fiction } from '@rrc/contract';
import { titleCase } from '../../../lib/format.ts';

const plural = (count: number, one: string) => `${count.toLocaleString()} ${one}${count === 1 ? '' : 's'}`;

/** The fiction at a glance under its title: status, type and size, only what is known. */
export function Summary({ fiction }: { fiction: Fiction }) {
  const parts = [
    titleCase(fiction.status),
    fiction.type ?? '',
    fiction.followers === null ? '' : plural(fiction.followers, 'follower'),
    fiction.chapter_count === null ? '' : plural(fiction.chapter_count, 'chapter'),
    fiction.pages === null ? '' : plural(fiction.pages, 'page'),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="fiction-summary">
      {parts.join(' · ')}
    </p>
  );
}
