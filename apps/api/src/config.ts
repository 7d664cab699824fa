import { z } from 'zod';

/** Measured by scripts/bench/concurrent-users.ts (docs/benchmarks.md). */
export const EMBEDDED_USER_CAPACITY = 60;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().min(1).max(1440).default(30),
  COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
  SUPPORT_EMAIL: z.string().email().default('support@practicedesk.example'),
  // Messaging (docs/decisions/0004-sms-provider.md). Unset: messages go to the development outbox.
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Practice Desk <no-reply@practicedesk.example>'),
  SMS_PROVIDER: z.enum(['bulksms']).optional(),
  SMS_API_KEY: z.string().min(3).optional(),
  SMS_API_URL: z.string().url().default('https://api.bulksms.com/v1'),
  SMS_FROM: z.string().max(15).optional(),
  MESSAGE_WORKER: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  // Behind a reverse proxy (README, "Behind a TLS proxy"): whose X-Forwarded-* headers to believe.
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d{1,2}|[0-9a-fA-F.:/, ]+)$/, 'false, true, a hop count, or proxy addresses')
    .default('false'),
  API_DOCS_PUBLIC: z.enum(['true', 'false']).default('false'),
  // Users the embedded engine serves at once within p95 300 ms (README "Outgrowing the embedded database").
  EMBEDDED_USER_CAPACITY: z.coerce.number().int().positive().default(EMBEDDED_USER_CAPACITY),
  // Intake import parsing (docs/intake-formats.md): parser processes, and files that may wait for one.
  INTAKE_PARSERS: z.coerce.number().int().min(1).max(16).optional(),
  INTAKE_QUEUE_PER_COMPANY: z.coerce.number().int().min(0).max(100).default(4),
  INTAKE_QUEUE_TOTAL: z.coerce.number().int().min(0).max(1000).default(20),
  // PDF rendering (statements, invoices, notice letters) off the request thread: renderer processes, queue.
  PDF_RENDERERS: z.coerce.number().int().min(1).max(16).optional(),
  PDF_QUEUE_PER_COMPANY: z.coerce.number().int().min(0).max(1000).default(10),
  PDF_QUEUE_TOTAL: z.coerce.number().int().min(0).max(10000).default(50),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionTtlHours: number;
  /** A session without a request for this long ends (the web app warns a minute before). */
  sessionIdleMinutes: number;
  cookieSecure: boolean;
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  seedDemo: boolean;
  /** Fastify's trustProxy: false, true, the proxies' addresses, or a test of the hop (a hop count). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Whether /api/docs and /api/openapi.json are open to anyone (default: signed-in users only). */
  apiDocsPublic: boolean;
  /** On the embedded engine, more active users than this are warned about (lib/embedded-load.ts). */
  embeddedUserCapacity: number;
  messaging: MessagingConfig;
  intake: IntakeParseConfig;
  pdf: PdfRenderConfig;
}

export interface PdfRenderConfig {
  /** Child processes rendering PDFs at once; unset: one per spare core, at most 2. */
  renderers: number | undefined;
  /** PDFs one company may have waiting for a renderer; past it, 429. */
  queuePerCompany: number;
  /** PDFs all companies together may have waiting; past it, 429. */
  queueTotal: number;
}

export interface IntakeParseConfig {
  /** Child processes parsing at once; unset: one per spare core, at most 2. */
  parsers: number | undefined;
  /** Files one company may have waiting for a parser; past it, 429. */
  queuePerCompany: number;
  /** Files all companies together may have waiting; past it, 429. */
  queueTotal: number;
}

export interface MessagingConfig {
  /** smtp://user:pass@host:port or smtps://…; unset: e-mail goes to the development outbox. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  smsProvider: 'bulksms' | undefined;
  /** BulkSMS API token as tokenId:tokenSecret (HTTP Basic). */
  smsApiKey: string | undefined;
  smsApiUrl: string;
  smsFrom: string | undefined;
  /** Whether this process delivers queued messages (every process may; they share the queue). */
  worker: boolean;
}

/** Parsed once at start; a bad value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.SMS_PROVIDER && !e.SMS_API_KEY) {
    throw new Error('Invalid configuration: SMS_API_KEY: required when SMS_PROVIDER is set');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    cookieSecure: e.COOKIE_SECURE === 'true',
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    seedDemo: e.SEED_DEMO === 'true',
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    apiDocsPublic: e.API_DOCS_PUBLIC === 'true',
    embeddedUserCapacity: e.EMBEDDED_USER_CAPACITY,
    messaging: {
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      smsProvider: e.SMS_PROVIDER,
      smsApiKey: e.SMS_API_KEY,
      smsApiUrl: e.SMS_API_URL,
      smsFrom: e.SMS_FROM,
      worker: e.MESSAGE_WORKER === 'true',
    },
    intake: {
      parsers: e.INTAKE_PARSERS,
      queuePerCompany: e.INTAKE_QUEUE_PER_COMPANY,
      queueTotal: e.INTAKE_QUEUE_TOTAL,
    },
    pdf: {
      renderers: e.PDF_RENDERERS,
      queuePerCompany: e.PDF_QUEUE_PER_COMPANY,
      queueTotal: e.PDF_QUEUE_TOTAL,
    },
  };
}

function trustProxyOf(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (_address, hop) => hop < hops;
}
