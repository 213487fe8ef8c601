/**
 * Ports between areas that are built side by side: an area never imports another area's module;
 * it calls the port, which app.ts builds from the owning area's index.ts (`app.ports`).
 */
import type { ConsumeKind, EditorSettings, EventKind } from '@huoke/contracts';
import type { DbOrTx } from '../db/client.js';

export { EVENT_KIND, type EventKind } from '@huoke/contracts';

export type ContentKind = 'article' | 'document' | 'video';

/** What a share page needs to show one piece of content of a company. */
export interface ContentItem {
  kind: ContentKind;
  id: number;
  companyId: number;
  title: string;
  /** Plain-text summary for share metadata. */
  summary: string;
  /** Absolute or /files/… URL of a cover image, if any. */
  cover: string | null;
  /** Sanitized HTML (articles). */
  html?: string;
  /** Source line (articles: articleFrom). */
  source?: string;
  /** The stored file (documents, videos). */
  fileUrl?: string;
  /** PDF preview of an office document, when one exists. */
  pdfUrl?: string;
  createdBy: number;
  createTime: string;
  /** Shared to the company (enterprise); else only its author and administrators may see it (lib/library canSee). */
  sharedToCompany: boolean;
}

/** What a list that only names content needs of an item: its title, and who may see it (lib/library canSee). */
export type ContentHeading = Pick<ContentItem, 'id' | 'title' | 'createdBy' | 'sharedToCompany'>;

export interface ContentPort {
  get(db: DbOrTx, companyId: number, kind: ContentKind, id: number): Promise<ContentItem | undefined>;
  /** The company's items of these ids that are still there, in one query (a deleted one is left out). */
  headings(db: DbOrTx, companyId: number, kind: ContentKind, ids: number[]): Promise<ContentHeading[]>;
}

/** A share link resolved from its public code. */
export interface ShareInfo {
  code: string;
  companyId: number;
  sharerId: number;
  /** Event kind of what was shared: article 4, card 2, micro-site 5, video 7, brochure 8. */
  kind: EventKind;
  contentId: number | null;
  title: string;
  /** false when disabled, deleted or expired. */
  active: boolean;
}

interface SharePort {
  resolve(db: DbOrTx, code: string): Promise<ShareInfo | undefined>;
  /** Whether the company has this e-card or mini website (share targets outside the content library). */
  owns(db: DbOrTx, companyId: number, kind: number, id: number): Promise<boolean>;
}

/** One behaviour event from a share page, already tied to its share. */
export interface TrackedEvent {
  share: ShareInfo;
  /** First-party visitor id from the `hk_vid` cookie (random, ≤ 64 chars). */
  visitorKey: string;
  /** view | read | call | wechat | download | play | submit | click */
  action: string;
  /** Event kind (SPEC §9): the share's kind for views; 1 phone call, 6 add WeChat for those clicks. */
  kind: EventKind;
  durationMs?: number;
  /** A read's time on the page so far (all its stretches): what scoring's 30 s and 2 min compare; not stored. */
  totalMs?: number;
  /** A guestbook message's words, on its `message` event (the lead's timeline and the radar message show them). */
  note?: string;
  ip: string;
  userAgent: string;
  at: Date;
}

export interface LeadForm {
  share: ShareInfo;
  visitorKey: string;
  name: string;
  phone: string;
  message?: string;
  ip: string;
  userAgent: string;
}

export interface KeptVisitor {
  /** The visitor key of the lead the visitor now belongs to (WeChat named an older lead's unionid). */
  visitorKey: string;
}

export interface RadarPort {
  /** Queues an event for the group-commit ingest; resolves once it is stored. */
  record(event: TrackedEvent): Promise<void>;
  /** Events queued and not yet stored (the beacon refuses new ones above a limit rather than pile them up). */
  backlog(): number;
  /** How long the oldest queued event has waited, in ms (0: none). */
  oldestWaitMs?(): number;
  /**
   * A beacon answered on receipt whose event is still being resolved and queued (its share looked up, a forwarded
   * view's place in the chain written): `drain` waits for it too.
   */
  accept(task: Promise<void>): void;
  /** Finishes every accepted beacon and stores every queued event (shutdown; tests waiting for the radar). */
  drain(): Promise<void>;
  /** A consult form (name, phone) from a share page: fills the visitor's own lead, never another's. */
  consult(form: LeadForm): Promise<void>;
  /** A guestbook message left on a share page or mini-website (fills the lead as `consult`). */
  leaveMessage(form: LeadForm): Promise<void>;
  /**
   * WeChat's authorisation named the visitor's unionid: the lead keeps it and leads of the company with the same
   * unionid become one. Answers the visitor key the browser should keep when it is another (older) lead's.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a visitor that merged into nothing keeps its key
  wechatUser?(share: ShareInfo, visitorKey: string, unionid: string): Promise<KeptVisitor | void>;
}

/** Forwarding chains (radar area): the forwarder token of a visitor's link and views that came through one. */
export interface ChainsPort {
  /** The opaque `?f=` token of this visitor's forwarded link of the share (null: chains are off). */
  token(share: ShareInfo, visitorKey: string): string | null;
  /** Whether this visitor opened this share (a view of it is stored): only such a visitor's forward counts. */
  opened(share: ShareInfo, visitorKey: string): Promise<boolean>;
  /** Records a view that came with `?f=<token>` (the view always; the visitor's parent when the token holds). */
  view(event: TrackedEvent, token: string, record: (e: TrackedEvent) => Promise<void>): Promise<void>;
}

/** One consumption row of a company: the kind is one the cost pages name (contracts CONSUME_KINDS). */
export interface ConsumptionEntry {
  companyId: number;
  userId: number | null;
  kind: ConsumeKind;
  amountCents: number;
  quantity: number;
  note: string;
}

/** Consumption rows of the cost pages (SMS sent, word-change quota used, orders paid). */
interface BillingPort {
  /** Records one consumption row of the company in the caller's transaction. */
  record(db: DbOrTx, entry: ConsumptionEntry): Promise<void>;
}

/** The company's article editor settings (the share page's article footer follows them). */
interface EditorPort {
  settings(db: DbOrTx, companyId: number): Promise<EditorSettings | undefined>;
}

export interface Ports {
  content: ContentPort;
  shares: SharePort;
  radar: RadarPort;
  chains: ChainsPort;
  billing: BillingPort;
  editor: EditorPort;
}
