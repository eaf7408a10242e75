import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@equip/domain/zod-messages';
import { accessPlugin } from './http/access.ts';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.ts';
import { declareErrorResponses } from './http/error-responses.ts';
import { loggerOptions, registerRequestLogging } from './http/logging.ts';
import { clientErrorHandler, registerRequestHygiene } from './http/request-hygiene.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerSpa } from './http/spa.ts';
import type { App } from './http/types.ts';
import { authRoutes } from './modules/auth/index.ts';
import { deviceActionRoutes, deviceRoutes, mdmConnectionRoutes } from './modules/devices/index.ts';
import { employeeRoutes } from './modules/employees/index.ts';
import { enrollmentRoutes } from './modules/enrollment/index.ts';
import { auditLogRoutes } from './modules/events/index.ts';
import { flagRoutes } from './modules/flags/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { jobsAdminRoutes } from './modules/jobs-admin/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { organizationRoutes, organizationSetupRoutes } from './modules/organizations/index.ts';
import { outboxRoutes } from './modules/outbox/index.ts';
import { providerAdminRoutes } from './modules/provider-admins/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';
import type { AppServices, ModuleRoutes } from './services.ts';

/** JSON bodies up to 1 MiB; the CSV import routes raise their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The areas, each registering its routes. New areas slot in here. */
const MODULES: { routes: ModuleRoutes; prefix?: string }[] = [
  { routes: healthRoutes },
  { routes: flagRoutes },
  { routes: authRoutes },
  { routes: employeeRoutes },
  { routes: deviceRoutes },
  { routes: deviceActionRoutes },
  { routes: mdmConnectionRoutes },
  { routes: enrollmentRoutes },
  { routes: organizationRoutes },
  { routes: organizationSetupRoutes },
  { routes: outboxRoutes },
  { routes: providerAdminRoutes },
  { routes: notificationRoutes },
  { routes: auditLogRoutes },
  { routes: jobsAdminRoutes },
  { routes: webhookRoutes },
];

export interface BuildAppOptions {
  logger?: boolean;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
}

export async function buildApp(services: AppServices, options: BuildAppOptions = {}): Promise<App> {
  const { config } = services;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // Requests are logged by our own hooks (one line each, none for health checks).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  registerErrorHandler(app);
  registerRequestLogging(app);
  registerRequestHygiene(app);
  declareErrorResponses(app);
  // Fastify hands a missing body to the validator as null; an optional body schema expects undefined,
  // and a required one then says "Required".
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === 'body' ? (data) => validate(data === null ? undefined : data) : validate;
  });
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app, config.publicUrl.startsWith('https://'));
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Equip API',
        version: '1.0.0',
        description: 'Platform API (/api) and bundle API (/bundle-api) of Equip.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  await app.register(accessPlugin, { verifier: services.sessions, db: services.database.db });

  for (const module of MODULES) {
    await app.register(async (scope) => module.routes(scope as unknown as App, services), {
      prefix: module.prefix ?? '',
    });
  }

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const spaFallback = options.serveWeb ? await registerSpa(app, services) : null;
  registerNotFoundHandler(app, spaFallback);
  return app;
}
