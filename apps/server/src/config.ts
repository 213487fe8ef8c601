import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseAllowHosts } from './storage/net.js';

/** Every variable the server reads, with its default. The README's configuration table mirrors this. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PGlite's buffer pool (PostgreSQL's shared_buffers); unset keeps PGlite's 128MB. Ignored with DATABASE_URL. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 16MB, 512MB or 1GB (kB, MB or GB)')
    .optional(),
  /**
   * Where PGlite runs: `thread` (the default), a worker thread of its own, so statements and requests use two cores;
   * `inline`, the server's main thread. Ignored with DATABASE_URL.
   */
  PGLITE_THREAD: z.enum(['thread', 'inline']).default('thread'),
  /**
   * PostgreSQL's parallel workers per query (max_parallel_workers_per_gather) on the server's connections; 0 (the
   * default): none. Ignored with PGlite.
   */
  PG_PARALLEL_WORKERS: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * The longest a statement of the server's PostgreSQL pool may run (statement_timeout), in ms; 0: no limit.
   * Migrations, partition work and vacuum steps run on a connection of their own without it. Ignored with PGlite.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  APP_NAME: z.string().min(1).default('获客通'),
  SUPPORT_PHONE: z.string().min(1).default('400-000-0000'),
  APP_DOWNLOAD_URL: z.string().url().default('https://example.com/huoke-app'),
  CRM_URL: z.string().url().default('https://crm.example.com/'),
  CLUE_URL: z.string().url().default('https://clue.example.com/talk'),
  MEDIA_URL: z.string().url().default('https://media.example.com/'),
  XPMF_URL: z.string().url().optional(),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY: z.string().optional(),
  S3_SECRET_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  MAX_VIDEO_MB: z.coerce.number().int().positive().default(50),
  MAX_FILE_MB: z.coerce.number().int().positive().default(50),
  FETCH_ALLOW_HOSTS: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowHosts(v);
      } catch (e) {
        ctx.addIssue({
          code: 'custom',
          message: `${(e as Error).message}: hosts, addresses or CIDRs, comma-separated`,
        });
      }
    }),
  VIDEO_IFRAME_HOSTS: z.string().default('v.qq.com,player.bilibili.com,player.youku.com'),
  BODY_LIMIT_KB: z.coerce.number().int().positive().default(1024),
  SESSION_DAYS: z.coerce.number().int().positive().default(7),
  REPLY_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How long the visitor list keeps where a page starts, while the company's data is unchanged
   * (radar/page-positions.ts); 0 walks every page by number from the start (what a first read costs).
   */
  PAGE_START_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How long a large or slow list total is reused (lib/count-cache.ts); 0 counts every time. */
  COUNT_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SEED: z.enum(['auto', 'never']).default('auto'),
  /** Bearer token of GET /metrics; without it /metrics answers only loopback callers. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Whole months of behaviour events kept (older monthly partitions are dropped daily); 0 keeps them forever. */
  RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  /**
   * Where nothing else vacuums (PGlite, which has no autovacuum; PostgreSQL with `autovacuum = off`): every this many
   * seconds the table most past autovacuum's thresholds is vacuumed or analyzed (db/vacuum-step.ts); 0 never. What a
   * step costs is measured in README, "Growing tables". Its older name PGLITE_VACUUM_SECONDS is still read.
   */
  VACUUM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** `off`: the ingest stores events without lead scoring or hot moments (bench/leads.mjs compares). */
  LEAD_SCORING: z.enum(['on', 'off']).default('on'),
  /** Tests and demos: the moment (ISO 8601 with offset) the daily brief and the workbench's figures take as now. */
  LEAD_TEST_CLOCK: z.string().datetime({ offset: true }).optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, a hop count or a comma list of proxy addresses/CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Server processes sharing the port (node:cluster); `auto` = one per core. Several need DATABASE_URL. */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9][0-9]{0,2})$/, "must be a number of processes (1-999) or 'auto'")
    .default('1')
    .transform((v) => (v === 'auto' ? availableParallelism() : Number(v))),
});

type Env = z.infer<typeof envSchema>;

/**
 * Whose X-Forwarded-For/-Proto/-Host the server believes: nobody (false, the default: the server faces clients
 * directly), every peer (true), the nearest N hops, or the proxies at these addresses/CIDRs
 * (`loopback`, `linklocal`, `uniquelocal` name the usual ranges).
 */
export type TrustProxy = boolean | number | string[];

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(s: string): boolean {
  if (PROXY_PRESETS.has(s)) return true;
  const [addr, bits, ...rest] = s.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  if (family === 4 && isIP(bits) === 4) return true; // a netmask: 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY as text → what Fastify's trustProxy takes; undefined when the text is none of the forms. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const v = text.trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return list.length && list.every(isAddressOrCidr) ? list : undefined;
}

/** The names of every variable the server reads (the README's table lists each). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface Config extends Env {
  dataDir: string;
  secret: string;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a one-line message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const cleaned: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') cleaned[key] = v;
  }
  // The name VACUUM_SECONDS had when it concerned PGlite only.
  if (cleaned.VACUUM_SECONDS === undefined && env.PGLITE_VACUUM_SECONDS)
    cleaned.VACUUM_SECONDS = env.PGLITE_VACUUM_SECONDS;
  const parsed = envSchema.safeParse({ ...cleaned, ...overrides });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  if (parsed.data.WORKERS > 1 && !parsed.data.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration: WORKERS=${parsed.data.WORKERS} needs DATABASE_URL (the embedded database, PGlite, runs in one process only)`,
    );
  const dataDir = resolve(parsed.data.DATA_DIR);
  return { ...parsed.data, dataDir, secret: parsed.data.SERVER_SECRET ?? readOrCreateSecret(dataDir) };
}

/** A random server secret is generated once into DATA_DIR when none is configured. */
function readOrCreateSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
