import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants.js';

/** Lists answer `{ data, totalCount, pageIndex }` (DESIGN §4). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), totalCount: z.number().int(), pageIndex: z.number().int() });
export type Page<T> = { data: T[]; totalCount: number; pageIndex: number };

export const paging = (defaultSize: number) =>
  z.object({
    pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultSize),
  });

/** Positive integer id taken from a path or query. */
export const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const okResult = z.object({ ok: z.literal(true) });

/** RFC 9457 problem details, as every error answers. */
export const problem = z.object({
  type: z.string().optional(),
  status: z.number().int(),
  title: z.string(),
  detail: z.string().optional(),
  field: z.string().optional(),
});
export type Problem = z.infer<typeof problem>;

// Validation patterns live in constants.ts (no zod) so the console's login route stays light.
export { ACCOUNT_RE, EMAIL_RE, MOBILE_RE, PASSWORD_RE, POSTCODE_RE } from './constants.js';
