import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { PUBLIC, SIGNED_IN } from './auth/access.ts';
import { registerGuard } from './auth/guard.ts';
import type { Config } from './config.ts';
import { type Db, needsTransactionPerStatement } from './db/connect.ts';
import { DatabaseOutage } from './lib/database-outage.ts';
import type { Deps } from './lib/deps.ts';
import { watchEmbeddedLoad } from './lib/embedded-load.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './lib/error-reply.ts';
import { DomainError } from './lib/errors.ts';
import { requestLogSerializers } from './lib/log-safety.ts';
import { PdfPool, type PdfRenderer, pdfLimits } from './lib/pdf/pdf-pool.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerUnstorableTextCheck } from './lib/unstorable-text.ts';
import { appointmentRoutes } from './modules/appointments/appointment-routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRunRoutes } from './modules/billing-runs/billing-run.routes.ts';
import { callRoutes } from './modules/calls/call.routes.ts';
import { billingPlanRoutes } from './modules/catalogue/billing-plan.routes.ts';
import { productRoutes } from './modules/catalogue/product.routes.ts';
import { clientProductRoutes } from './modules/client-products/client-product.routes.ts';
import { clientRoutes } from './modules/clients/client.routes.ts';
import { companyRoutes } from './modules/companies/company.routes.ts';
import { formRoutes } from './modules/forms/form.routes.ts';
import { formFillRoutes } from './modules/forms/form-fill.routes.ts';
import { formRequestRoutes } from './modules/forms/form-request.routes.ts';
import { formReviewRoutes } from './modules/forms/form-review.routes.ts';
import { pingDatabase } from './modules/health/health.queries.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { intakeRoutes } from './modules/intake/intake.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoice.routes.ts';
import { creditRoutes } from './modules/messaging/credit.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { outboxRoutes } from './modules/messaging/outbox.routes.ts';
import { noteRoutes } from './modules/notes/note.routes.ts';
import { noteTemplateRoutes } from './modules/notes/note-template.routes.ts';
import { prospectRoutes } from './modules/prospects/prospect.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { reminderRoutes } from './modules/reminders/reminder-routes.ts';
import { reportRoutes } from './modules/reports/report.routes.ts';
import { statementRoutes } from './modules/statements/statement.routes.ts';
import { processRoutes } from './modules/tasks/process.routes.ts';
import { taskRoutes } from './modules/tasks/task.routes.ts';
import { timelineRoutes } from './modules/timeline/timeline.routes.ts';
import { unpaidRoutes } from './modules/unpaid/unpaid.routes.ts';
import { userRoutes } from './modules/users/user.routes.ts';

/** Every feature's routes, registered in one place so the route-table tests see them all. */
const FEATURES = [
  healthRoutes,
  authRoutes,
  userRoutes,
  companyRoutes,
  clientRoutes,
  intakeRoutes,
  referenceRoutes,
  billingPlanRoutes,
  productRoutes,
  clientProductRoutes,
  noteRoutes,
  noteTemplateRoutes,
  processRoutes,
  taskRoutes,
  callRoutes,
  prospectRoutes,
  messagingRoutes,
  creditRoutes,
  outboxRoutes,
  auditRoutes,
  timelineRoutes,
  invoiceRoutes,
  unpaidRoutes,
  billingRunRoutes,
  statementRoutes,
  reportRoutes,
  appointmentRoutes,
  reminderRoutes,
  formRoutes,
  formRequestRoutes,
  formFillRoutes,
  formReviewRoutes,
];

const isWebAsset = (url: string) => !url.startsWith('/api/');
const isApiDocs = (url: string) => url.startsWith('/api/docs') || url === '/api/openapi.json';

export const JSON_BODY_LIMIT = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteOptions[];
  }
}

export async function buildApp(options: {
  db: Db;
  config: Config;
  logger?: boolean;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
  /** Draws the PDFs; default a PdfPool the app owns. Tests pass one that records or misbehaves. */
  pdf?: PdfRenderer;
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: options.config.logLevel, serializers: requestLogSerializers, stream: options.logStream },
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: options.config.trustProxy,
    // Long enough for any search text a picker allows; the route's own schema then answers 400 past its limit.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  // Web assets are public; the API docs are for signed-in users unless API_DOCS_PUBLIC says otherwise; every
  // other /api route must declare its own rule.
  const docsAccess = options.config.apiDocsPublic ? PUBLIC : SIGNED_IN;
  app.addHook('onRoute', (route) => {
    if (isApiDocs(route.url)) route.config = { ...route.config, access: docsAccess };
    else if (!route.config?.access && isWebAsset(route.url))
      route.config = { ...route.config, access: PUBLIC };
    routeTable.push(route);
  });

  const outage = new DatabaseOutage(app.log, () => pingDatabase(options.db));
  app.addHook('onClose', async () => outage.stop());
  registerErrorHandling(app, outage);
  registerSecurityHeaders(app);
  registerUnstorableTextCheck(app);
  await app.register(cookie);
  // Per-route limits only (the public form routes); a refusal is a 429 in the one error shape.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new DomainError('TOO_MANY_REQUESTS', 429, `Too many requests. Try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Practice Desk API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'pd_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (the form definition's recursive item) go to components.schemas.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', validatorUrl: null },
    // Its own policy, with the hashes of its inline bootstrap; nothing loads from elsewhere.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace(' validator.swagger.io', '').replace(' upgrade-insecure-requests;', ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerGuard(app, options.db, options.config.sessionIdleMinutes);
  if (needsTransactionPerStatement(options.db)) watchEmbeddedLoad(app, options.config.embeddedUserCapacity);
  const pdf = options.pdf ?? ownPdfPool(app, options.config);
  const deps: Deps = { db: options.db, config: options.config, outage, pdf };
  for (const feature of FEATURES) feature(app, deps);

  const webDist = options.config.webDist;
  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Vite writes .br and .gz beside each text asset; the one the browser accepts is sent as it is.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => res.setHeader('cache-control', cacheControlFor(path)),
      // With preCompressed, "/" answers 404 when index.html has no compressed copy (the plugin's directory
      // path does not fall back to the plain file): "/" sends index.html by name instead.
      index: false,
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
    // The public fill page: its own small entry, not the staff app (the form's token follows in the fragment).
    app.get('/f', { schema: { hide: true } }, (_request, reply) => reply.sendFile('fill.html'));
  }
  return app;
}

/** The app's PDF renderers, stopped with it; a renderer's failure is logged (no personal data: kind only). */
function ownPdfPool(app: FastifyInstance, config: Config): PdfPool {
  const pdf = new PdfPool({
    ...pdfLimits(config),
    onFailure: (failure, kind) => app.log.error({ failure, kind }, 'PDF renderer failed'),
  });
  app.addHook('onClose', () => pdf.close());
  return pdf;
}

/**
 * Hashed build assets never change under their name, so browsers keep them for a year without asking;
 * index.html and the rest are checked on every load, so a new release is picked up at once.
 */
export const cacheControlFor = (path: string) =>
  /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
