// When a build output is older than its sources: the newest modification time under each source (a
// file or a folder, walked), compared with the output's. Used by `npm start` (web app, server bundle)
// and by the agent's bin (its bundle).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file or of anything under a folder; 0 when it does not exist. */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `output` is missing or any of `sources` (absolute paths) changed after it was built. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}
