import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  COMPANION_DOWNLOAD_PATHS,
  CompanionInstallers,
  type CompanionPlatform,
} from '@equip/domain/companion';
import { notFound } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';

const EXTENSIONS: Record<CompanionPlatform, string> = { macos: '.pkg', windows: '.exe' };
const PLATFORM_NAMES: Record<CompanionPlatform, string> = { macos: 'macOS', windows: 'Windows' };

/**
 * The installer to serve for a platform from the releases folder: `latest.pkg` / `latest.exe` when
 * present, else the newest file with that extension; null when the folder is unset, missing or holds none.
 */
export async function companionRelease(
  dir: string | undefined,
  platform: CompanionPlatform,
): Promise<{ file: string; size: number } | null> {
  if (!dir) return null;
  const extension = EXTENSIONS[platform];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  const candidates = await Promise.all(
    names
      .filter((name) => name.toLowerCase().endsWith(extension) && !name.startsWith('.'))
      .map(async (name) => {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        return info?.isFile()
          ? { file, size: info.size, mtime: info.mtimeMs, latest: name === `latest${extension}` }
          : null;
      }),
  );
  const found = candidates
    .filter((c) => c !== null)
    .sort((a, b) => Number(b.latest) - Number(a.latest) || b.mtime - a.mtime)[0];
  return found ? { file: found.file, size: found.size } : null;
}

/**
 * GET /downloads/companion/latest.pkg and latest.exe (SPEC §2's download paths), and
 * GET /api/companion/installers: which of them this server has.
 */
export function companionDownloadRoutes(app: App, releasesDir: string | undefined): void {
  app.get(
    '/api/companion/installers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['enrollment'],
        summary: 'Which companion installers this server offers (macOS .pkg, Windows .exe)',
        response: { 200: CompanionInstallers },
      },
    },
    async (): Promise<CompanionInstallers> => {
      const [macos, windows] = await Promise.all([
        companionRelease(releasesDir, 'macos'),
        companionRelease(releasesDir, 'windows'),
      ]);
      return { macos: macos !== null, windows: windows !== null };
    },
  );
  for (const platform of Object.keys(COMPANION_DOWNLOAD_PATHS) as CompanionPlatform[]) {
    app.get(
      COMPANION_DOWNLOAD_PATHS[platform],
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) => {
        const release = await companionRelease(releasesDir, platform);
        if (!release)
          throw notFound(
            `No companion installer for ${PLATFORM_NAMES[platform]} is available on this server yet. Ask your IT team.`,
          );
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(release.size))
          .header(
            'content-disposition',
            `attachment; filename="${path.basename(release.file).replace(/"/g, '')}"`,
          )
          .header('cache-control', 'no-cache')
          .send(createReadStream(release.file));
      },
    );
  }
}
