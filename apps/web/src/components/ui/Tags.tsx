/** A fiction's first few tags as small chips; nothing when it has none. */
export function Tags({ tags, most }: { tags: readonly string[]; most: number }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
      {tags.slice(0, most).map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}
