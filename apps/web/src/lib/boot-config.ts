import type { BootConfig } from '@equip/domain/boot';
import { BOOT_ELEMENT_ID, bootConfigProblems, DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';

/**
 * Reads the configuration the server writes into `<script id="equip-boot" type="application/json">`.
 * The Vite dev server leaves it as `{}`; an empty or invalid value falls back to the defaults (and an
 * invalid one is reported, listing what was wrong).
 */
export function readBootConfig(doc: Document = document): BootConfig {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent?.trim();
  if (!text || text === '{}') return DEFAULT_BOOT_CONFIG;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.warn('[equip] boot configuration is not valid JSON; using defaults');
    return DEFAULT_BOOT_CONFIG;
  }
  const problems = bootConfigProblems(json);
  if (problems.length === 0) return json as BootConfig;
  console.warn(`[equip] boot configuration is invalid; using defaults\n- ${problems.join('\n- ')}`);
  return DEFAULT_BOOT_CONFIG;
}

let current: BootConfig | undefined;

/** The page's boot configuration, read once. */
export function getBootConfig(): BootConfig {
  current ??= readBootConfig();
  return current;
}
