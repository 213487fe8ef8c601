/** Forwarding chains (who forwarded a share to whom) and identity merges of leads. */
import { z } from 'zod';
import { idSchema } from './common.js';
import { EVENT_KIND } from './constants.js';

/** The opaque forwarder token of a forwarded share link `/s/<code>?f=<token>` (sealed by the server). */
export const FORWARD_TOKEN_RE = /^[A-Za-z0-9_-]{40,200}$/;
/** Deepest level a chain records (a longer chain stops growing there). */
export const MAX_FORWARD_DEPTH = 50;
/** A merge may be undone for this many days. */
export const MERGE_UNDO_DAYS = 30;

/** Spread view of one content: every visible share of it. */
export const contentSpreadQuery = z.object({
  kind: z.coerce
    .number()
    .int()
    .refine((k) => (Object.values(EVENT_KIND) as number[]).includes(k), '未知的类型'),
  contentId: idSchema,
});
export const shareSpreadQuery = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{10,32}$/) });

const spreadNode = z.object({
  visitorId: z.number().int(),
  name: z.string(),
  /** The visitor who forwarded the link to this one; null: opened the sharer's own link. */
  parentVisitorId: z.number().int().nullable(),
  /** 1: opened the sharer's link; 2: forwarded once; … */
  depth: z.number().int(),
  sharerId: z.number().int(),
  shareCode: z.string(),
  /** Visitors reached through this one (children, grandchildren, …). */
  reach: z.number().int(),
});
export type SpreadNode = z.infer<typeof spreadNode>;

export const spreadTree = z.object({
  /** The staff members whose shares are the roots. */
  sharers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  nodes: z.array(spreadNode),
  /** Visitors per level (level 1 = opened a sharer's link). */
  levels: z.array(z.object({ depth: z.number().int(), reach: z.number().int() })),
  /** Visitors whose forwards reached most people, most first (at most 10). */
  topSpreaders: z.array(
    z.object({
      visitorId: z.number().int(),
      name: z.string(),
      depth: z.number().int(),
      children: z.number().int(),
      reach: z.number().int(),
    }),
  ),
  /** The tree was cut at this many nodes. */
  truncated: z.boolean(),
});
export type SpreadTree = z.infer<typeof spreadTree>;

/** How a lead reached the company. */
export const leadSource = z.object({
  /** forward: through another visitor's forward; direct: opened a sharer's link; none: entered by hand / unknown. */
  via: z.enum(['forward', 'direct', 'none']),
  forwarderId: z.number().int().nullable(),
  forwarderName: z.string().nullable(),
  /** Level of the lead in the chain (2 = forwarded once). */
  depth: z.number().int().nullable(),
  sharerName: z.string().nullable(),
  shareCode: z.string().nullable(),
  title: z.string().nullable(),
  /** What the lead first opened through that share (EVENT_KIND): a business card has no title of its own. */
  kind: z.number().int().nullable(),
});
export type LeadSource = z.infer<typeof leadSource>;

export const mergeBody = z.object({
  /** Two leads of the company: the older one is kept, the newer one merged into it. */
  a: idSchema,
  b: idSchema,
});

export const mergeListQuery = z.object({ visitorId: idSchema });

export const leadMerge = z.object({
  id: z.number().int(),
  keptId: z.number().int(),
  mergedId: z.number().int(),
  /** The merged lead's name and phone as they were. */
  mergedName: z.string(),
  /** The kept lead's name (as it is, or as it was when it was merged on since): the merged lead's history names it. */
  keptName: z.string(),
  mergedPhone: z.string(),
  /** phone: the same phone on a share-page form (merges made before forms stopped merging leads); unionid: the same
   * WeChat unionid; manual: by a staff member. */
  reason: z.enum(['phone', 'unionid', 'manual']),
  byName: z.string().nullable(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Still inside the undo window and not undone. */
  canUndo: z.boolean(),
  /** The merged visitor came back since (a new lead of its own): the merge can no longer be undone. */
  returned: z.boolean(),
});
export type LeadMerge = z.infer<typeof leadMerge>;
