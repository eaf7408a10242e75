import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BootConfig } from '@equip/domain/boot';
import { BOOT_ELEMENT_ID } from '@equip/domain/boot-rules';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@equip/domain/identity-rules';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../app-services.ts';
import type { AppConfig } from '../config/env.ts';
import type { App } from './types.ts';

/** Paths that belong to an API: a miss there is a JSON 404, never the SPA. */
const API_PREFIXES = [
  '/api',
  '/bundle-api',
  '/scim',
  '/experiment',
  '/segment',
  '/healthz',
  '/readyz',
  '/metrics',
];
/** A file whose name carries its content hash (the copies the build compressed beside it too). */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)(\.(br|gz))?$/;

/** Equip is an application behind a sign-in, not a site: nothing in it is for search engines. */
const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
const BOOT_TAG = new RegExp(
  `(<script id="${BOOT_ELEMENT_ID}" type="application/json">)[\\s\\S]*?(</script>)`,
);

/**
 * The modules around every dashboard page (source paths, as the build's manifest names them): the app
 * shell, the signed-in layout and the page frame. The entry asks for their code once it has run.
 */
const DASHBOARD_FRAME_MODULES = [
  'src/app/layout/app-shell.tsx',
  'src/app/layout/authenticated-layout.tsx',
  'src/app/routes/dashboard-page.tsx',
];

/** A chunk in Vite's build manifest (`dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** The files of the given manifest keys and of every chunk they import. */
function chunkFiles(manifest: BuildManifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * `modulepreload` links for the dashboard frame's code that index.html does not load itself (the
 * entry, which is the sign-in page's code, and its imports). Without them a dashboard page's shared
 * code is asked for only after the entry has arrived and run: one round trip and the entry's download
 * later (bench/lighthouse.mjs). `fetchpriority="low"`: the first paint, the HTML's own frame, never waits
 * for them. Answers the links and the frame modules the manifest lacks (a renamed file).
 */
export function dashboardPreloadLinks(
  manifest: BuildManifest,
  fileSize: (file: string) => number,
): { links: string; missing: string[] } {
  const entry = chunkFiles(manifest, ['index.html']);
  // The largest first: the page waits for all of them, and the browser opens six connections at most.
  const frame = [...chunkFiles(manifest, DASHBOARD_FRAME_MODULES)]
    .filter((file) => !entry.has(file))
    .sort((a, b) => fileSize(b) - fileSize(a));
  return {
    links: frame
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`)
      .join(''),
    missing: DASHBOARD_FRAME_MODULES.filter((key) => !manifest[key]),
  };
}

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

export async function bootConfig({ config, flags }: AppServices): Promise<BootConfig> {
  return {
    apiUrls: config.apiUrls,
    flags: await flags.values(),
    experiment: {
      mocked: false,
      deploymentKey: config.amplitudeDeploymentKey ?? 'equip-local',
      proxyUrl: '/experiment',
    },
    analytics: { writeKey: config.segmentWriteKey ?? null, apiHost: '/segment/v1', cdnUrl: '/segment-cdn' },
    helpDeskUrl: config.helpDeskUrl,
    urls: config.urls,
  };
}

/** The hosts of SPEC §2 that serve pages of their own: the page a bare visit opens, and their paths. */
const HOST_PAGES = {
  enrolment: { home: '/start', paths: ['/start'] },
  companion: { home: '/companion', paths: ['/companion', '/downloads/companion'] },
} as const;
type PageHost = keyof typeof HOST_PAGES;
const PAGE_HOSTS = Object.keys(HOST_PAGES) as PageHost[];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
/** A host as browsers send it: lower case, without the scheme's default port. */
const normalHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/** SPEC §2's addresses (config.urls) with their hosts, worked out once. */
export interface HostMap {
  urls: AppConfig['urls'];
  hosts: Record<keyof AppConfig['urls'], string>;
}

export function hostMap(urls: AppConfig['urls']): HostMap {
  const hosts = Object.fromEntries(
    Object.entries(urls).map(([role, address]) => [role, normalHost(new URL(address).host)]),
  ) as HostMap['hosts'];
  return { urls, hosts };
}

/**
 * Where a request belongs when SPEC §2's hosts are Equip's own, or null to answer it here:
 * - on the enrolment or companion host, a bare visit opens its page (`/start`, `/companion`); its pages,
 *   the APIs and the app's files are served; anything else is the platform's;
 * - on the marketing or support host (when it points at Equip), everything is the platform's;
 * - anywhere else (the platform), the pages of a host of their own go to that host.
 * Nothing changes while those hosts are the platform's (the defaults).
 */
export function hostRedirect({ urls, hosts }: HostMap, requestHost: string, url: string): string | null {
  const host = normalHost(requestHost);
  const pathname = url.split('?')[0] ?? '/';
  const belongs = (role: PageHost) => HOST_PAGES[role].paths.some((path) => under(pathname, path));
  // A page of a host of its own that is not this one goes there.
  const pageHost = PAGE_HOSTS.find((role) => hosts[role] !== hosts.platform && belongs(role));
  const elsewhere = pageHost && hosts[pageHost] !== host ? `${urls[pageHost]}${url}` : null;
  if (!host || host === hosts.platform) return elsewhere;
  const served = PAGE_HOSTS.filter((role) => hosts[role] === host);
  if (served.length > 0) {
    if (pathname === '/') return HOST_PAGES[served[0]!].home;
    if (served.some(belongs)) return null;
    if (isApiPath(url) || (looksLikeFile(url) && !under(pathname, '/downloads'))) return null;
    return elsewhere ?? `${urls.platform}${url}`;
  }
  if (host === hosts.marketing || host === hosts.support) return `${urls.platform}${url}`;
  // Another address of the platform's own (its IP, an internal name) is the platform.
  return elsewhere;
}

/** Answers each of SPEC §2's hosts that point at Equip with its own pages (see hostRedirect). */
function registerHostRouting(app: App, urls: AppConfig['urls']) {
  const map = hostMap(urls);
  const { platform, ...others } = map.hosts;
  if (Object.values(others).every((host) => host === platform)) return;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const target = hostRedirect(map, request.host, request.url);
    if (target) await reply.redirect(target, 302);
  });
}

/** A signed-in visit to a dashboard page: the one index.html answer that gets the frame's preloads. */
function opensDashboard(request: FastifyRequest): boolean {
  const signedIn = Boolean(request.cookies[ACCESS_TOKEN_COOKIE] || request.cookies[REFRESH_TOKEN_COOKIE]);
  return signedIn && under(request.url.split('?')[0] ?? '', '/dashboard');
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html (with the boot config
 * filled in) for every other GET that asks for HTML, so client-side routes survive a reload.
 * Returns the fallback the not-found handler calls, or null when the app is not built.
 */
export async function registerSpa(app: App, services: AppServices) {
  registerHostRouting(app, services.config.urls);
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
  );
  const distDir = services.config.webDistDir;
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`Web app not built (${indexPath} missing): run "npm run build". Serving the APIs only.`);
    return null;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const preload = existsSync(manifestPath)
    ? dashboardPreloadLinks(
        JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest,
        (file) => statSync(path.join(distDir, file), { throwIfNoEntry: false })?.size ?? 0,
      )
    : { links: '', missing: DASHBOARD_FRAME_MODULES };
  if (preload.missing.length > 0)
    app.log.warn(
      `Dashboard pages load without preloading ${preload.missing.join(', ')}: not in the build's manifest.`,
    );
  const dashboardHtml = indexHtml.replace('</head>', `${preload.links}</head>`);
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
    // Our own Cache-Control below, not the file server's `public, max-age=0`, which would otherwise
    // win and make every visit revalidate every file.
    cacheControl: false,
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
    const html = (opensDashboard(request) ? dashboardHtml : indexHtml).replace(
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
