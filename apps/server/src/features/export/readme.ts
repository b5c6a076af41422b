/** README.txt of an export: what each file holds, its columns and units. */
export function readme(kind: 'fiction' | 'list', now: Date): string {
  const lines = [
    'RR Companion data export',
    `Exported ${now.toISOString()} (dates and times are ISO 8601, in UTC).`,
    '',
    'Numbers come from Royal Road as we read them. An empty cell (null in data.json) means Royal Road did not',
    'show that figure when we looked; it is not zero.',
    '',
    'FILES',
    '',
  ];
  if (kind === 'list') {
    lines.push(
      'list.csv - your list, one row per fiction',
      '  royalroad_id       the fiction id on Royal Road (https://www.royalroad.com/fiction/<id>)',
      '  title              the title when last read',
      '  reading_status     reading, completed, on_hold, dropped or plan_to_read',
      '  favorite           true when marked as a favorite',
      '  favorite_position  your order of favorites, 1 to n (empty for non-favorites)',
      '  rows come in that order: your favorites first, then the rest by reading_status (reading, completed,',
      '  on_hold, dropped, plan_to_read), the most recently added first',
      '  current_chapter    the chapter you are at',
      '  total_chapters     the chapters you counted',
      '  added_at           when you added it; updated_at: when you last changed it',
      '',
      'fictions.csv - the current statistics of each fiction in your list (columns as in snapshots.csv, plus',
      '  author_name, status, type, tags and warnings separated by "; ", last_scraped_at and url)',
      '',
    );
  } else {
    lines.push(
      'fiction.csv - the fiction and its current statistics (columns as in snapshots.csv, plus author_name,',
      '  status, type, tags and warnings separated by "; ", last_scraped_at and url)',
      '',
    );
  }
  lines.push(
    'snapshots.csv - every time we read the fiction page, oldest first',
    '  captured_at        when the page was read',
    '  followers, favorites, ratings   counts of readers',
    '  pages              length as Royal Road estimates it, in paperback pages',
    '  total_views        views of all chapters; average_views: views per chapter',
    '  chapter_count      chapters published',
    '  overall_score, style_score, story_score, grammar_score, character_score   0 to 5 stars',
    '',
    'growth.csv - growth per day (UTC), from the last snapshot of each day to the last of the day before',
    '  date               the day; followers: the count at its last snapshot',
    '  followers_gained, views_gained, favorites_gained, ratings_gained   whole counts gained since the row',
    '                     before (the day before, or the last day with a snapshot when a day or two were',
    '                     missed: compare the dates); empty after a gap of more than 3 days without a',
    '                     snapshot (a gap is never filled in)',
    '  views_per_follower, favorites_per_follower   total views and favorites divided by followers',
    '',
    'rising-stars.csv - every place held on a Rising Stars list',
    '  captured_at        when the lists were read (all lists of one reading share it)',
    '  genre              main (the overall list) or the genre or tag list',
    '  position           1 is the top of the list',
    '',
    'data.json - everything above but growth.csv (computed from the snapshots) in one JSON document',
    '',
    "In the CSV files, text that starts with =, +, -, @, a tab or a carriage return begins with an apostrophe (')",
    'so that spreadsheets show it as text instead of running it as a formula; data.json has the text unchanged.',
    '',
  );
  return lines.join('\r\n');
}
