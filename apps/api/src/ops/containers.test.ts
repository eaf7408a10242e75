import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../paths.ts';

/**
 * Issue 26, item 10: no image can be pulled or built where the tests run, so this checks what can be
 * checked without one: compose.yaml's structure, and that everything the Dockerfile copies, runs or
 * starts exists in the repository or is made by an earlier step of it.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

interface Instruction {
  stage: string;
  op: string;
  args: string;
}

/** The Dockerfile's instructions (continuations joined, comments dropped), each with its stage's name. */
function dockerfile(text: string): Instruction[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let stage = '(before FROM)';
  return lines.map((line) => {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') stage = /\sAS\s+(\S+)/i.exec(args)?.[1] ?? 'final';
    return { stage, op: op.toUpperCase(), args };
  });
}

/** The package.json scripts of the root or of one workspace (by package name). */
function scriptsOf(workspace?: string): Record<string, string> {
  if (!workspace) return (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
  for (const dir of ['packages/domain', 'apps/api', 'apps/web', 'apps/agent', 'e2e', 'bench']) {
    const manifest = JSON.parse(read(`${dir}/package.json`)) as {
      name: string;
      scripts?: Record<string, string>;
    };
    if (manifest.name === workspace) return manifest.scripts ?? {};
  }
  throw new Error(`no workspace ${workspace}`);
}

/** Every command of a RUN line (split at && and ;). */
const commandsOf = (run: string) =>
  run
    .split(/&&|;/)
    .map((c) => c.trim())
    .filter(Boolean);

/** The arguments of an exec-form (JSON) instruction, else of a shell-form one split at spaces. */
const argv = (args: string): string[] =>
  args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);

describe('Dockerfile', () => {
  const steps = dockerfile(read('Dockerfile'));
  const final = steps.filter((s) => s.stage === 'final');
  const ignored = read('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('builds in stages and runs as a user other than root', () => {
    expect(steps.filter((s) => s.op === 'FROM').length).toBeGreaterThanOrEqual(2);
    const users = final.filter((s) => s.op === 'USER').map((s) => s.args);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
  });

  it('copies only what exists in the repository and is not left out of the build context', () => {
    const copies = steps.filter((s) => s.op === 'COPY' && !/--from=/.test(s.args));
    expect(copies.length).toBeGreaterThan(0);
    for (const { args } of copies) {
      const parts = args.split(/\s+/).filter((p) => !p.startsWith('--'));
      for (const source of parts.slice(0, -1)) {
        if (source === '.') continue;
        expect(existsSync(path.join(REPO_ROOT, source)), `COPY ${source}`).toBe(true);
        expect(
          ignored.some((pattern) => source === pattern || source.startsWith(`${pattern}/`)),
          source,
        ).toBe(false);
      }
    }
    // The install sees every workspace's manifest (npm ci checks the lock file against all of them).
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const copied = copies.map((c) => c.args);
    for (const pattern of workspaces) {
      const dirs = pattern.endsWith('/*')
        ? ['packages/domain', 'apps/api', 'apps/web', 'apps/agent'].filter((d) =>
            d.startsWith(pattern.slice(0, -1)),
          )
        : [pattern];
      for (const dir of dirs) expect(copied.some((a) => a.startsWith(`${dir}/package.json `))).toBe(true);
    }
  });

  it('runs only npm scripts and files that exist', () => {
    const runs = steps.filter((s) => s.op === 'RUN').flatMap((s) => commandsOf(s.args));
    expect(runs).toContain('npm ci --omit=dev --no-audit --no-fund');
    for (const command of runs) {
      const words = command.split(/\s+/);
      if (words[0] === 'npm' && words[1] === 'run') {
        const workspace = words.includes('-w') ? words[words.indexOf('-w') + 1] : undefined;
        expect(scriptsOf(workspace), command).toHaveProperty(words[2]!);
      } else if (words[0] === 'node') {
        expect(existsSync(path.join(REPO_ROOT, words[1]!)), command).toBe(true);
      } else {
        expect(['npm', 'mkdir', 'chown'], command).toContain(words[0]);
      }
    }
    // `npm run build` builds the web app into apps/web/dist (what the image copies from the build stage).
    expect(scriptsOf().build).toBe('npm run build -w @equip/web');
    expect(read('apps/web/vite.config.ts')).toMatch(/outDir: 'dist'/);
  });

  it('copies from the build stage what its steps make, and starts a bundle the server build writes', async () => {
    const { SERVER_BUNDLE, SERVER_ENTRIES } = (await import(
      path.join(REPO_ROOT, 'scripts/build-server.mjs')
    )) as { SERVER_BUNDLE: string; SERVER_ENTRIES: Record<string, string> };
    const bundleDir = path.relative(REPO_ROOT, path.dirname(SERVER_BUNDLE));
    const made = [`/app/${bundleDir}`, '/app/apps/web/dist', '/app/node_modules'];
    for (const { args } of final.filter((s) => s.op === 'COPY' && /--from=/.test(s.args))) {
      const source = args.split(/\s+/).filter((p) => !p.startsWith('--'))[0];
      expect(made, args).toContain(source);
    }
    for (const entry of Object.values(SERVER_ENTRIES))
      expect(existsSync(path.join(REPO_ROOT, entry))).toBe(true);
    const bundles = Object.keys(SERVER_ENTRIES).map((name) => `${bundleDir}/${name}.mjs`);
    const cmd = argv(final.find((s) => s.op === 'CMD')!.args);
    expect(cmd[0]).toBe('node');
    expect(bundles).toContain(cmd[1]);
    // The migrations the server reads at start are in the image.
    expect(final.some((s) => s.op === 'COPY' && s.args.includes('apps/api/src/db/migrations'))).toBe(true);
    expect(statSync(path.join(REPO_ROOT, 'apps/api/src/db/migrations/meta/_journal.json')).isFile()).toBe(
      true,
    );
  });

  it('checks its health on /readyz', () => {
    const check = final.find((s) => s.op === 'HEALTHCHECK');
    expect(check?.args).toMatch(/\/readyz/);
  });
});

interface Service {
  build?: string;
  image?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;
  const apis = ['equip-1', 'equip-2'];

  it('runs two API instances and one worker of the image built here, on one PostgreSQL', () => {
    expect(Object.keys(services).sort()).toEqual(['caddy', 'equip-1', 'equip-2', 'postgres', 'worker']);
    for (const name of [...apis, 'worker']) {
      const service = services[name]!;
      expect(service.build, name).toBe('.');
      expect(service.environment?.DATABASE_URL, name).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(service.environment?.JWT_SECRET, name).toMatch(/^\$\{JWT_SECRET:\?/);
      expect(service.depends_on?.postgres?.condition, name).toBe('service_healthy');
    }
    for (const name of apis) {
      expect(services[name]!.environment).toMatchObject({ EQUIP_ROLE: 'api', TRUST_PROXY: 'true' });
      expect(services[name]!.environment?.PUBLIC_URL).toMatch(/^https:\/\//);
      // The image's HEALTHCHECK (/readyz) applies: no override.
      expect(services[name]!.healthcheck).toBeUndefined();
    }
    expect(services.worker!.environment?.EQUIP_ROLE).toBe('worker');
    expect(services.worker!.command).toEqual(['node', 'apps/api/dist/worker.mjs']);
    // The worker serves no HTTP: its own check instead of the image's.
    expect(services.worker!.healthcheck?.test.join(' ')).toContain('worker.mjs');
    // Variables without a value are passed from the shell only when set (an empty one would be invalid).
    for (const name of ['SMTP_URL', 'METRICS_TOKEN'])
      expect(services['equip-1']!.environment?.[name]).toBeNull();
  });

  it('keeps PostgreSQL on a volume with a readiness check', () => {
    const postgres = services.postgres!;
    expect(postgres.image).toMatch(/^postgres:1[5-9]/);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(postgres.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    const url = new URL(services['equip-1']!.environment!.DATABASE_URL!.replace(/\$\{[^}]+\}/, 'x'));
    expect(postgres.environment).toMatchObject({
      POSTGRES_USER: url.username,
      POSTGRES_DB: url.pathname.slice(1),
    });
  });

  it('puts Caddy with automatic HTTPS in front of both API instances once they are healthy', () => {
    const caddy = services.caddy!;
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(caddy.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    const mount = caddy.volumes?.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    expect(mount).toBeDefined();
    const caddyfile = read(mount!.split(':')[0]!);
    // A site address that is a host name (not :80 or http://) makes Caddy obtain a certificate.
    expect(caddyfile).toMatch(/^\{\$EQUIP_HOST[^}]*\} \{/m);
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(apis.map((name) => `${name}:3000`));
    expect(caddyfile).toMatch(/health_uri \/readyz/);
    for (const name of apis) expect(caddy.depends_on?.[name]?.condition).toBe('service_healthy');
  });
});
