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

/** Largest value of a PostgreSQL integer: every id column. */
export const ID_MAX = 2_147_483_647;
const ID_MESSAGE = '编号无效（应为 1 到 2147483647 的整数）';
/**
 * The one id schema: a positive 32-bit integer (1..2147483647), for every id a call takes (body, query, path,
 * form field; alone, in arrays and in lists). Digit strings are read as numbers (queries, paths, forms).
 */
export const idSchema = z.coerce
  .number({ message: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(ID_MAX, ID_MESSAGE);
/** `idSchema` with its own message (e.g. 请选择套餐 for a missing product). */
export const idOf = (message: string) =>
  z.coerce.number({ message }).int(message).min(1, message).max(ID_MAX, ID_MESSAGE);

/** Positive integer id taken from a path or query. */
export const idParam = z.object({ id: idSchema });

export const okResult = z.object({ ok: z.literal(true) });

/** RFC 9457 problem details, as every error answers. */
export const problem = z.object({
  type: z.string().optional(),
  status: z.number().int(),
  title: z.string(),
  detail: z.string().optional(),
  field: z.string().optional(),
  /** What a client may act on, in any language (PROBLEM_CODE); most refusals have none. */
  code: z.string().optional(),
});
z.globalRegistry.add(problem, { id: 'Problem' });
export type Problem = z.infer<typeof problem>;

// Validation patterns live in constants.ts (no zod) so the console's login route stays light.
export { ACCOUNT_RE, EMAIL_RE, MOBILE_RE, PASSWORD_RE, POSTCODE_RE } from './constants.js';
