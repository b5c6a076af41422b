import { useQueryClient } from '@tanstack/react-query';
import { readingListKeys } from './keys.ts';

/** Asks again for everything a change to the list can change (favorites, the whole list, the counts). */
export function useInvalidateList() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: readingListKeys.all });
}
