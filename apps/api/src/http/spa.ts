import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOT_ELEMENT_ID, type BootConfig } from '@equip/domain/boot';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../services.ts';
import type { App } from './types.ts';

/** Paths that belong to an API: a miss there is a JSON 404, never the SPA. */
const API_PREFIXES = ['/api', '/bundle-api', '/experiment', '/segment', '/healthz', '/readyz'];
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/;
const BOOT_TAG = new RegExp(
  `(<script id="${BOOT_ELEMENT_ID}" type="application/json">)[\\s\\S]*?(</script>)`,
);

/** A missing file (`/app-1234.js`, `/x.js.map`) is a 404, not the app: app routes have no extension. */
function looksLikeFile(url: string): boolean {
  const lastSegment = (url.split('?')[0] ?? '').split('/').pop() ?? '';
  return /\.[a-z0-9]{1,8}$/i.test(lastSegment);
}

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** JSON that is safe inside a <script> element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export async function bootConfig({ config, readFlags }: AppServices): Promise<BootConfig> {
  return {
    apiUrls: config.apiUrls,
    flags: await readFlags(),
    experiment: {
      mocked: false,
      deploymentKey: config.amplitudeDeploymentKey ?? 'equip-local',
      proxyUrl: '/experiment',
    },
    analytics: { writeKey: config.segmentWriteKey ?? null, apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
    helpDeskUrl: config.helpDeskUrl,
  };
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the boot config
 * filled in) for every other GET that asks for HTML, so client-side routes survive a reload.
 * Returns the fallback the not-found handler calls, or null when the app is not built.
 */
export async function registerSpa(app: App, services: AppServices) {
  const distDir = services.config.webDistDir;
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`Web app not built (${indexPath} missing): run "npm run build". Serving the APIs only.`);
    return null;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    // The build writes `x.js.br` and `x.js.gz` beside every script and stylesheet: sent when the browser
    // accepts them, without compressing on each request (the sign-in page's 395 KB of JavaScript go
    // over the wire as ~110 KB).
    preCompressed: true,
    // Source maps are built hidden (no reference in the bundles) and never served: they would hand out
    // the whole source.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, filePath) => {
      res.setHeader(
        'cache-control',
        HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (isApiPath(request.url) || looksLikeFile(request.url)) return false;
    const boot = scriptSafeJson(await bootConfig(services));
    const html = indexHtml.replace(
      BOOT_TAG,
      (_match, open: string, close: string) => `${open}${boot}${close}`,
    );
    await reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    return true;
  };
  // The address itself opens the app, which sends people where they belong (sign-in or dashboard);
  // without this route the static handler would answer the folder with 403.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    await serveIndex(request, reply);
    return reply;
  });
  return serveIndex;
}
