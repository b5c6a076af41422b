import { ManualScrape } from '../../features/admin/components/ManualScrape.tsx';
import { useReloadFiction } from '../../features/fiction/api/get-fiction.ts';
import { FictionDetails } from '../../features/fiction/FictionDetails.tsx';
import { FavoriteButton } from '../../features/reading-list/components/FavoriteButton.tsx';

/** A fiction's page, with the reading list's favorite button and the admins' Manual Scrape. */
export function FictionPage() {
  const reload = useReloadFiction();
  return (
    <FictionDetails
      favoriteButton={(fiction, onError) => <FavoriteButton fiction={fiction} onError={onError} />}
      adminTools={(fiction) => (
        <ManualScrape
          royalroadId={fiction.royalroad_id}
          onScraped={() => void reload(fiction.royalroad_id)}
        />
      )}
    />
  );
}
