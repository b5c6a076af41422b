import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** A positive whole number from a query string, with a message naming the parameter. */
export function queryInteger(name: string, options: { min: number; max: number; default: number }) {
  return z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .min(options.min, `${name} must be at least ${options.min}.`)
    .max(options.max, `${name} must be at most ${options.max}.`)
    .default(options.default);
}

export const pageQuery = z.object({
  page: queryInteger('page', { min: 1, max: 1_000_000, default: 1 }),
  limit: queryInteger('limit', { min: 1, max: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
});
type PageQuery = z.infer<typeof pageQuery>;

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

export function paginationOf(query: PageQuery, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
}
