import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
  SUPPORT_EMAIL: z.string().email().default('support@practicedesk.example'),
  SMTP_URL: z.string().optional(),
  SMS_PROVIDER: z.string().optional(),
  SMS_API_KEY: z.string().optional(),
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
}

/** Parsed once at start; a bad value stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
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
  };
}
