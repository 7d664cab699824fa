import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
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
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionTtlHours: number;
  cookieSecure: boolean;
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  seedDemo: boolean;
  messaging: MessagingConfig;
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
    cookieSecure: e.COOKIE_SECURE === 'true',
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    seedDemo: e.SEED_DEMO === 'true',
    messaging: {
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      smsProvider: e.SMS_PROVIDER,
      smsApiKey: e.SMS_API_KEY,
      smsApiUrl: e.SMS_API_URL,
      smsFrom: e.SMS_FROM,
      worker: e.MESSAGE_WORKER === 'true',
    },
  };
}
