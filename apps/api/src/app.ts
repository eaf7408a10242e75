import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@equip/domain/zod-messages';
import type { AppServices } from './app-services.ts';
import { API_REGISTRY } from './areas.ts';
import { accessPlugin } from './http/access.ts';
import {
  frameworkErrorHandler,
  registerErrorHandler,
  registerNotFoundHandler,
} from './http/error-handler.ts';
import { declareErrorResponses } from './http/error-responses.ts';
import { loggerOptions, registerRequestLogging } from './http/logging.ts';
import {
  clientErrorHandler,
  MAX_PATH_PARAMETER_LENGTH,
  registerRequestHygiene,
} from './http/request-hygiene.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { serializerCompiler } from './http/serializer.ts';
import { registerSpa } from './http/spa.ts';
import type { App } from './http/types.ts';
import { registerMetrics } from './ops/metrics.ts';

/**
 * Answers above ~1 KB are compressed when the client accepts it (brotli, else gzip): a page of 100
 * employees is ~40 KB of JSON and ~5 KB compressed. Brotli at quality 4 costs about what gzip does;
 * its default (11) would cost more CPU than the bytes saved are worth on a request path. The web
 * app's files are compressed at build time and sent as they are (the static server's preCompressed).
 */
const COMPRESSION: FastifyCompressOptions = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/** JSON bodies up to 1 MiB; the CSV import routes raise their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

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
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    clientErrorHandler,
    // What the router refuses before a route is found (bad URL encoding, too long a parameter).
    frameworkErrors: frameworkErrorHandler(securityHeaders(config.publicUrl.startsWith('https://'))),
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
  await app.register(compress, COMPRESSION);
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

  // Prometheus metrics (METRICS_TOKEN): timed from here on, every module's routes included.
  registerMetrics(app, { config, database: services.database });

  // Each module's routes, in the order of the areas registry (src/areas.ts).
  for (const routes of API_REGISTRY.routes) {
    await app.register(async (scope) => routes(scope as unknown as App, services), { prefix: '' });
  }

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const spaFallback = options.serveWeb ? await registerSpa(app, services) : null;
  registerNotFoundHandler(app, spaFallback);
  return app;
}
