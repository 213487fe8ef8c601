/** Business constants and limits of SPEC §9, shared by the server, the console and the tests. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SMS_COUNTDOWN_S = 60;
export const SMS_CODE_TTL_S = 300;
export const SMS_MAX_TRIES = 5;
export const SMS_HOURLY_PER_IP = 10;
/**
 * Guestbook reply texts one mobile number receives per 24 h, whichever company replies: a reply beyond it is stored
 * and not texted, so nobody can bomb a number by leaving it in a guestbook and replying again and again.
 */
export const GUESTBOOK_REPLY_SMS_PER_PHONE = 5;
export const LOGIN_KEY_TTL_S = 300;
export const BADGE_CAP = 99;

export const MESSAGE_CLASS = { system: 10000, dailyShare: 10200, radar: 10300 } as const;

export const PAGE_SIZE = {
  list: 10,
  material: 15,
  fileManager: 15,
  videoAndFile: 10,
  messageFeed: 10,
  ranking: 6,
} as const;
export const MAX_PAGE_SIZE = 100;
export const SCROLL_TRIGGER_PX = 50;

export const SELECTION_MAX = 3;
export const UPLOAD_MAX_FILES = 6;
export const JOIN_REASON_MAX = 50;

export const IMAGE_MAX_KB = 1024;
export const VIDEO_MAX_MB_DEFAULT = 50;
export const FILE_MAX_MB_DEFAULT = 50;
export const UPLOAD_CHUNK_BYTES = 2 * 1024 * 1024;

/**
 * A problem answer's `code`, where a client acts on the refusal itself (not only shows its words): the session's
 * login was an administrator-set password, which cannot enter or join another company; an SMS-code login can.
 */
export const PROBLEM_CODE = { adminSetPassword: 'ADMIN_SET_PASSWORD' } as const;

/** Dynamics filters and behaviour event kinds (SPEC §9). */
export const EVENT_KIND = {
  all: 0,
  phoneCall: 1,
  card: 2,
  product: 3,
  article: 4,
  microSite: 5,
  addWeChat: 6,
  video: 7,
  brochure: 8,
} as const;
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

const CONTENT_KINDS: ReadonlySet<number> = new Set([
  EVENT_KIND.card,
  EVENT_KIND.product,
  EVENT_KIND.article,
  EVENT_KIND.microSite,
  EVENT_KIND.video,
  EVENT_KIND.brochure,
]);
/** A kind a share page shows, which a visitor looks at (not a call, a WeChat add or an entry by hand). */
export const isContentKind = (kind: number) => CONTENT_KINDS.has(kind);

export const ARTICLE_CLASSIFY = { enterprise: 1, mine: 2 } as const;
export const PICKER_VALUE = { enterprise: 1, mine: 2 } as const;
export const LIVENESS_DAYS = [15, 7] as const;
export const TOP_INTENT_PRODUCTS = 5;
export const COMPANY_CAROUSEL_PER_VIEW = 3;
export const DEFAULT_REGION_LEVEL = 2;

export const FILE_TYPE = { video: 1, image: 2, attachment: 3 } as const;
export type FileType = (typeof FILE_TYPE)[keyof typeof FILE_TYPE];

export const WORD_CHANGE_FIXED = { th: 3, corewordfilter: 1, sim: 0 } as const;

export const APP_CODES = ['WJTCRM', 'WJTSKB', 'SVIDEO'] as const;
export type AppCode = (typeof APP_CODES)[number];
export const SERVICE_CODES = ['CASPUSH', 'VISITINGCARD', 'WJTPOSTER'] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
export const ALL_CODES = [...APP_CODES, ...SERVICE_CODES] as const;

/** Service gate types of SPEC §6: which codes each type accepts (any of). */
export const SERVICE_GATE: Record<1 | 2 | 3 | 4, ServiceCode[]> = {
  1: ['CASPUSH'],
  2: ['VISITINGCARD'],
  3: ['CASPUSH', 'VISITINGCARD'],
  4: ['WJTPOSTER'],
};

export const POSTER_DIALOG = { width: '20%', top: '100px' } as const;
export const MOBILE_BREAKPOINT_PX = 500;
const POSITION_TRUNCATE = 9;
/** Position text is shown truncated at 9 characters plus an ellipsis (SPEC §3): the console's card and the share page. */
export const truncatePosition = (s: string) =>
  [...s].length > POSITION_TRUNCATE ? `${[...s].slice(0, POSITION_TRUNCATE).join('')}…` : s;
export const EDITOR = { initialHeight: 600, width: '100%', maxWords: 100_000_000 } as const;

export const DEFAULT_LOCALE = 'zh-CN';
export const SYSTEM_CODE = 'huoke-console';
export const SYSTEM_NAME = 'huoke';

export const ACCEPTED_DOCUMENT_TYPES = [
  'docx',
  'xlsx',
  'xls',
  'pptx',
  'ppt',
  'pdf',
  'txt',
  'jpg',
  'jpeg',
  'png',
] as const;
/** The formats the file list filters by (文件类型), each with the stored document types it covers. */
export const DOCUMENT_FORMATS = {
  pdf: ['pdf'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  ppt: ['ppt', 'pptx'],
  txt: ['txt'],
  image: ['jpg', 'jpeg', 'png'],
} as const satisfies Record<string, readonly string[]>;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;
export const VIDEO_TYPES = ['mp4', 'mpeg', 'avi', 'rm', 'mov', 'wmv', 'flv', 'asf'] as const;

/** Validation patterns of SPEC §5 (re-exported by common.ts). */
export const MOBILE_RE = /^1\d{10}$/;
export const PASSWORD_RE = /^\w{6,16}$/;
export const ACCOUNT_RE = /^[A-Za-z]\w{4,15}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const POSTCODE_RE = /^\d{6}$/;

/** External applications opened with a key instead of a route (SPEC §2.2). */
export const EXTERNAL_APPS: Record<string, AppCode> = {
  '/tube-guest/crm': 'WJTCRM',
  '/big-data-guest/talk': 'WJTSKB',
  '/short-video/meida/': 'SVIDEO',
};
