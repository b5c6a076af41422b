import type { Fiction } from '@rrc/contract';
import { stringList } from '../../lib/string-list.ts';
import type { FictionRow } from './fictions.repository.ts';

export function toFiction(row: FictionRow): Fiction {
  return {
    id: row.id,
    royalroad_id: row.royalroad_id,
    title: row.title,
    author_name: row.author_name,
    author_id: row.author_id,
    description: row.description,
    image_url: row.image_url,
    status: row.status,
    type: row.type,
    tags: stringList(row.tags),
    warnings: stringList(row.warnings),
    pages: row.pages,
    ratings: row.ratings,
    followers: row.followers,
    favorites: row.favorites,
    total_views: row.total_views === null ? null : Number(row.total_views),
    average_views: row.average_views,
    overall_score: row.overall_score,
    style_score: row.style_score,
    story_score: row.story_score,
    grammar_score: row.grammar_score,
    character_score: row.character_score,
    chapter_count: row.chapter_count,
    sponsored: Boolean(row.sponsored),
    last_scraped_at: row.last_scraped_at,
    created_at: row.created_at,
  };
}
