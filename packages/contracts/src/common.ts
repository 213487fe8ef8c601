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

export const MOBILE_RE = /^1\d{10}$/;
export const PASSWORD_RE = /^\w{6,16}$/;
export const ACCOUNT_RE = /^[A-Za-z]\w{4,15}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const POSTCODE_RE = /^\d{6}$/;
