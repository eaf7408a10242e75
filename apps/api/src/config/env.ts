import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from '../paths.ts';

/**
 * The address of a host Equip serves besides the platform's (SPEC §2: enrolment, companion): http or
 * https and a host, no path, query or fragment, since Equip adds its own paths to it.
 */
const HostAddress = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username;
  }, 'must be an address without a path, such as https://enrol.example.com');

/**
 * All configuration comes from the environment and is checked once, at start-up; nothing else reads
 * process.env. A bad value stops the process with a list of what is wrong.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public URL of the app, used in mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /**
   * The hosts of SPEC §2 besides the platform's (PUBLIC_URL, their default): unified enrolment (`/start`),
   * the companion's page and downloads, and the marketing site. When one points at Equip with a host of
   * its own, a request to it opens that page (http/spa.ts).
   */
  ENROLMENT_URL: HostAddress.optional(),
  COMPANION_URL: HostAddress.optional(),
  MARKETING_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  /** Where people find help (public pages link to it); HELP_DESK_URL by default. */
  SUPPORT_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
  /** Where PGlite keeps its data (when DATABASE_URL is not set) and where demo-logins.json is written. */
  EQUIP_DATA_DIR: z.string().default('.data'),
  /** A PostgreSQL server (postgres://…); unset means the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); unset keeps mail in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Equip <no-reply@equip.local>'),
  /** Secret for signing access tokens; generated and stored in the database when unset. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86400).default(900),
  /**
   * How long a request may rely on what it last read about a session (logged out? user demoted or
   * deleted?). Logout, demotion and deletion take effect on every instance within this time.
   */
  SESSION_RECHECK_MS: z.coerce.number().int().min(0).max(5000).default(2000),
  /**
   * Tests only: allow single sign-on issuers on plain http and on loopback or private addresses (a local
   * identity provider). Production refuses both (server-side request forgery).
   */
  SSO_ALLOW_PRIVATE_ISSUERS: z.enum(['true', 'false']).default('false'),
  /**
   * Let webhook endpoints be http:// and on loopback, private or link-local addresses (tests, a receiver
   * on the same machine). Production refuses both (server-side request forgery; decision 010).
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `human`: one readable line per event (the default on a terminal); `json`: pino's JSON lines. */
  LOG_FORMAT: z.enum(['json', 'human']).optional(),
  /** Seed the demo organisation on the first start of an empty database. */
  EQUIP_DEMO: z.enum(['true', 'false']).default('true'),
  /** Folder with the built web app; the SPA is served from here. */
  WEB_DIST_DIR: z.string().optional(),
  /** Base URLs the browser uses for the three APIs (SPEC §7); same origin by default. */
  PLATFORM_API_URL: z.string().default('/api'),
  BUNDLE_API_URL: z.string().default('/bundle-api'),
  WEBAPP_API_URL: z.string().default(''),
  /** Amplitude Experiment deployment key; when set, flag requests are forwarded to Amplitude (EU). */
  AMPLITUDE_DEPLOYMENT_KEY: z.string().optional(),
  /** Segment write key; when set, analytics events are forwarded to Segment. */
  SEGMENT_WRITE_KEY: z.string().optional(),
  HELP_DESK_URL: z.url().default('https://support.equip.example/hc/requests/new'),
  /** Trust X-Forwarded-* headers (behind a load balancer). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /**
   * What this process does: `all` serves HTTP and works the job queues (`npm start`); `api` only serves;
   * `worker` only works the queues (`npm run worker`). `api` and `worker` need DATABASE_URL: PGlite lives
   * in one process.
   */
  EQUIP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** How often an idle job worker looks for work, in seconds (pg-boss's minimum is 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * /readyz calls the job worker missing when no worker process has written its heartbeat for this
   * long (and, with EQUIP_ROLE=api, this process has been up that long); workers beat every quarter of it.
   */
  /**
   * Turns on Prometheus metrics at /metrics, for requests with `Authorization: Bearer <this>` only
   * (unset: /metrics answers 404).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  WORKER_MISSING_AFTER_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /**
   * Folder with the companion installers served at /downloads/companion/latest.pkg and latest.exe
   * (`latest.pkg`/`latest.exe` in it, or else its newest .pkg/.exe); unset answers those paths 404.
   */
  COMPANION_RELEASES_DIR: z.string().optional(),
  /**
   * MDM actions of devices whose organisation has no connection to a real MDM server go to the sandbox
   * adapter (decision 012): the demo's behaviour, and the default where the demo is on (EQUIP_DEMO).
   * `false` in an installation with real devices: such commands then fail with a clear error instead
   * of pretending.
   */
  MDM_SANDBOX: z.enum(['true', 'false']).optional(),
  /** How long after a sandbox command the device "reports" (0 in tests). */
  MDM_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /**
   * Checkouts and orders go to the sandbox procurement provider (decision 031), which walks them through
   * the provider's statuses and shipment events as jobs: the demo's behaviour, and the default where
   * the demo is on (EQUIP_DEMO). `false`: a checkout fails with a clear error until a real provider is set.
   */
  PROCUREMENT_SANDBOX: z.enum(['true', 'false']).optional(),
  /** How long the sandbox provider waits between two steps of a checkout or an order (0 in tests). */
  PROCUREMENT_SANDBOX_STEP_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Tests only: allow MDM servers (Fleet) on plain http and private or loopback addresses. */
  MDM_ALLOW_PRIVATE_SERVERS: z.enum(['true', 'false']).default('false'),
  /** How long a request to an MDM server may take before Equip gives up on its answer (15 s). */
  MDM_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * HR integrations (decision 029) are served by the sandbox HR system, whatever their kind: the demo's
   * behaviour, and the default where the demo is on (EQUIP_DEMO). Off, Personio is reached with its real
   * client and kinds without one cannot be connected.
   */
  HR_SANDBOX: z.enum(['true', 'false']).optional(),
  /** Tests only: allow HR systems on plain http and private or loopback addresses. */
  HR_ALLOW_PRIVATE_SERVERS: z.enum(['true', 'false']).default('false'),
  /** Personio's API (tests point it at a local fake). */
  HR_PERSONIO_URL: z.url({ protocol: /^https?$/ }).default('https://api.personio.de'),
  /** BambooHR's API, `{companyDomain}` standing for the company's subdomain (tests point it at a local fake). */
  HR_BAMBOOHR_URL: z.string().startsWith('http').default('https://{companyDomain}.bamboohr.com'),
  /** HiBob's API (tests point it at a local fake). */
  HR_HIBOB_URL: z.url({ protocol: /^https?$/ }).default('https://api.hibob.com'),
  /** How long a request to an HR system may take (15 s). */
  HR_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * Workspaces (decision 033) are served by the sandbox Google Workspace and Microsoft 365: the demo's
   * behaviour, and the default where the demo is on (EQUIP_DEMO). Off, connecting goes through the
   * provider's OAuth consent with the installation's OAuth client below.
   */
  WORKSPACE_SANDBOX: z.enum(['true', 'false']).optional(),
  /** Tests only: allow the workspace APIs on plain http and private or loopback addresses. */
  WORKSPACE_ALLOW_PRIVATE_SERVERS: z.enum(['true', 'false']).default('false'),
  /** The installation's Google OAuth client (Google Cloud console → Credentials); unset: Google cannot be connected. */
  GOOGLE_WORKSPACE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_WORKSPACE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The installation's Microsoft Entra app registration; unset: Microsoft 365 cannot be connected. */
  MICROSOFT_365_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_365_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's and Microsoft's addresses (tests point them at local fakes). */
  WORKSPACE_GOOGLE_ADMIN_URL: z.url({ protocol: /^https?$/ }).default('https://admin.googleapis.com/'),
  WORKSPACE_GOOGLE_LICENSING_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://licensing.googleapis.com/'),
  WORKSPACE_GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  WORKSPACE_GOOGLE_AUTHORIZE_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://accounts.google.com/o/oauth2/v2/auth'),
  WORKSPACE_MICROSOFT_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.microsoft.com'),
  WORKSPACE_MICROSOFT_LOGIN_URL: z.url({ protocol: /^https?$/ }).default('https://login.microsoftonline.com'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicUrl: string;
  /**
   * The addresses of SPEC §2's hosts: the platform (PUBLIC_URL), unified enrolment and the companion
   * (origins Equip adds its paths to), the marketing site and support (linked as they are).
   */
  urls: { platform: string; enrolment: string; companion: string; marketing: string; support: string };
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  sessionRecheckMs: number;
  ssoAllowPrivateIssuers: boolean;
  webhooksAllowPrivate: boolean;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'human';
  seedDemo: boolean;
  webDistDir: string;
  apiUrls: { platform: string; bundle: string; webapp: string };
  amplitudeDeploymentKey: string | undefined;
  segmentWriteKey: string | undefined;
  helpDeskUrl: string;
  trustProxy: boolean;
  role: Env['EQUIP_ROLE'];
  jobPollingIntervalSeconds: number;
  workerMissingAfterSeconds: number;
  metricsToken: string | undefined;
  companionReleasesDir: string | undefined;
  mdm: {
    sandbox: boolean;
    sandboxDelayMs: number;
    allowPrivateServers: boolean;
    /** How often a real MDM server is asked for a command's result (30 s; tests 0.2 s). */
    checkIntervalMs: number;
    /** How long a request to a real MDM server may take (15 s). */
    requestTimeoutMs?: number;
  };
  procurement: {
    sandbox: boolean;
    /** Between two steps of the sandbox provider. */
    sandboxStepMs: number;
  };
  hr: {
    sandbox: boolean;
    allowPrivateServers: boolean;
    personioUrl: string;
    /** With `{companyDomain}` for the company's subdomain. */
    bambooHrUrl: string;
    hiBobUrl: string;
    requestTimeoutMs: number;
    /** The longest `Retry-After` waited out within one request (60 s; longer ones fail as rate limited). */
    maxRetryWaitMs: number;
  };
  workspace: {
    sandbox: boolean;
    allowPrivateServers: boolean;
    google: { clientId: string; clientSecret: string } | null;
    microsoft: { clientId: string; clientSecret: string } | null;
    googleUrls: { adminUrl: string; licensingUrl: string; tokenUrl: string; authorizeUrl: string };
    microsoftUrls: { graphUrl: string; loginUrl: string };
    requestTimeoutMs: number;
    maxRetryWaitMs: number;
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const origin = (value: string | undefined) => (value ? new URL(value).origin : publicUrl);
  if (e.EQUIP_ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError([
      `EQUIP_ROLE: ${e.EQUIP_ROLE} needs DATABASE_URL (the embedded database serves one process; use all)`,
    ]);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    urls: {
      platform: publicUrl,
      enrolment: origin(e.ENROLMENT_URL),
      companion: origin(e.COMPANION_URL),
      marketing: (e.MARKETING_URL ?? publicUrl).replace(/\/$/, ''),
      support: e.SUPPORT_URL ?? e.HELP_DESK_URL,
    },
    dataDir: path.resolve(e.EQUIP_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionRecheckMs: e.SESSION_RECHECK_MS,
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS === 'true',
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'human' : 'json'),
    seedDemo: e.EQUIP_DEMO === 'true',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    apiUrls: { platform: e.PLATFORM_API_URL, bundle: e.BUNDLE_API_URL, webapp: e.WEBAPP_API_URL },
    amplitudeDeploymentKey: e.AMPLITUDE_DEPLOYMENT_KEY,
    segmentWriteKey: e.SEGMENT_WRITE_KEY,
    helpDeskUrl: e.HELP_DESK_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    role: e.EQUIP_ROLE,
    // Tests wait for mail: the workers look every half second there.
    jobPollingIntervalSeconds: e.NODE_ENV === 'test' ? 0.5 : e.JOB_POLL_SECONDS,
    workerMissingAfterSeconds: e.WORKER_MISSING_AFTER_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    companionReleasesDir: e.COMPANION_RELEASES_DIR ? path.resolve(e.COMPANION_RELEASES_DIR) : undefined,
    mdm: {
      sandbox: (e.MDM_SANDBOX ?? e.EQUIP_DEMO) === 'true',
      sandboxDelayMs: e.MDM_SANDBOX_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 2000),
      allowPrivateServers: e.MDM_ALLOW_PRIVATE_SERVERS === 'true',
      checkIntervalMs: e.NODE_ENV === 'test' ? 200 : 30_000,
      requestTimeoutMs: e.MDM_REQUEST_TIMEOUT_MS,
    },
    procurement: {
      sandbox: (e.PROCUREMENT_SANDBOX ?? e.EQUIP_DEMO) === 'true',
      sandboxStepMs: e.PROCUREMENT_SANDBOX_STEP_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
    },
    hr: {
      sandbox: (e.HR_SANDBOX ?? e.EQUIP_DEMO) === 'true',
      allowPrivateServers: e.HR_ALLOW_PRIVATE_SERVERS === 'true',
      personioUrl: e.HR_PERSONIO_URL,
      bambooHrUrl: e.HR_BAMBOOHR_URL,
      hiBobUrl: e.HR_HIBOB_URL,
      requestTimeoutMs: e.HR_REQUEST_TIMEOUT_MS,
      maxRetryWaitMs: 60_000,
    },
    workspace: {
      sandbox: (e.WORKSPACE_SANDBOX ?? e.EQUIP_DEMO) === 'true',
      allowPrivateServers: e.WORKSPACE_ALLOW_PRIVATE_SERVERS === 'true',
      google:
        e.GOOGLE_WORKSPACE_CLIENT_ID && e.GOOGLE_WORKSPACE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_WORKSPACE_CLIENT_ID, clientSecret: e.GOOGLE_WORKSPACE_CLIENT_SECRET }
          : null,
      microsoft:
        e.MICROSOFT_365_CLIENT_ID && e.MICROSOFT_365_CLIENT_SECRET
          ? { clientId: e.MICROSOFT_365_CLIENT_ID, clientSecret: e.MICROSOFT_365_CLIENT_SECRET }
          : null,
      googleUrls: {
        adminUrl: e.WORKSPACE_GOOGLE_ADMIN_URL,
        licensingUrl: e.WORKSPACE_GOOGLE_LICENSING_URL,
        tokenUrl: e.WORKSPACE_GOOGLE_TOKEN_URL,
        authorizeUrl: e.WORKSPACE_GOOGLE_AUTHORIZE_URL,
      },
      microsoftUrls: { graphUrl: e.WORKSPACE_MICROSOFT_GRAPH_URL, loginUrl: e.WORKSPACE_MICROSOFT_LOGIN_URL },
      requestTimeoutMs: e.HR_REQUEST_TIMEOUT_MS,
      maxRetryWaitMs: 60_000,
    },
  };
}
