import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The api package's folder, found by walking up from this file: the same answer whether the server runs
 * from its sources (src/) or from the bundle `npm start` builds (dist/).
 */
function findApiPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@equip/api'
    )
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`@equip/api's package.json not found above ${from}`);
  }
}

export const API_DIR = findApiPackageDir(import.meta.dirname);
/** Equip's version (apps/api/package.json), from the sources or the bundle alike. */
export const EQUIP_VERSION: string = (
  JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
export const REPO_ROOT = path.resolve(API_DIR, '../..');
/** The committed SQL migrations. */
export const MIGRATIONS_DIR = path.join(API_DIR, 'src/db/migrations');
