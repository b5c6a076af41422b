import type { Kysely } from 'kysely';

// Descriptions stored with an entity escaped more than once ('&amp;lt; You have been' from a Royal Road list
// excerpt or the July 2026 sample) showed a literal '&lt;' to readers. Their text is decoded to the entity
// itself ('&lt;'), as a page is read from now on; tags and link addresses stay as they are. The rule is
// copied here, not imported, so this migration stays as it landed.

const ESCAPED_AGAIN = /(<[^>]*>)|&amp;(?:amp;)*(lt|gt|amp|quot|apos|nbsp|#39|#x27);/g;
const BATCH = 500;

function undoDoubleEscapes(html: string): string {
  return html.replace(ESCAPED_AGAIN, (match, tag: string | undefined, entity: string | undefined) =>
    tag !== undefined ? match : `&${entity};`,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; description: string }> = await db
      .selectFrom('fictions')
      .select(['id', 'description'])
      .where('id', '>', after)
      .where('description', 'like', '%&amp;%')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const repaired = undoDoubleEscapes(row.description);
      if (repaired !== row.description) {
        await db.updateTable('fictions').set({ description: repaired }).where('id', '=', row.id).execute();
      }
    }
    if (rows.length < BATCH) break;
    after = Number(rows.at(-1)?.id);
  }
}

// The escapes removed were mistakes: there is nothing to put back.
export async function down(): Promise<void> {}
