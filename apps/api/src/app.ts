import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PUBLIC } from './auth/access.ts';
import { registerGuard } from './auth/guard.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { Deps } from './lib/deps.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billingRunRoutes } from './modules/billing-runs/billing-run.routes.ts';
import { billingPlanRoutes } from './modules/catalogue/billing-plan.routes.ts';
import { productRoutes } from './modules/catalogue/product.routes.ts';
import { clientProductRoutes } from './modules/client-products/client-product.routes.ts';
import { clientRoutes } from './modules/clients/client.routes.ts';
import { companyRoutes } from './modules/companies/company.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { intakeRoutes } from './modules/intake/intake.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoice.routes.ts';
import { creditRoutes } from './modules/messaging/credit.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { outboxRoutes } from './modules/messaging/outbox.routes.ts';
import { noteRoutes } from './modules/notes/note.routes.ts';
import { noteTemplateRoutes } from './modules/notes/note-template.routes.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { statementRoutes } from './modules/statements/statement.routes.ts';
import { processRoutes } from './modules/tasks/process.routes.ts';
import { taskRoutes } from './modules/tasks/task.routes.ts';
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
  messagingRoutes,
  creditRoutes,
  outboxRoutes,
  auditRoutes,
  invoiceRoutes,
  unpaidRoutes,
  billingRunRoutes,
  statementRoutes,
];

const isPublicAsset = (url: string) => !url.startsWith('/api/') || url.startsWith('/api/docs');

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
}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: options.config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Web assets and the API docs are public; every other /api route must declare its own rule.
    if (!route.config?.access && isPublicAsset(route.url)) route.config = { ...route.config, access: PUBLIC };
    routeTable.push(route);
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await app.register(cookie);
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
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { access: PUBLIC }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerGuard(app, options.db);
  const deps: Deps = { db: options.db, config: options.config };
  for (const feature of FEATURES) feature(app, deps);

  const webDist = options.config.webDist;
  if (webDist && existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', index: 'index.html' });
  }
  return app;
}
