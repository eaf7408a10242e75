import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { EventType } from '@equip/domain/audit-log';
import { NOTIFICATION_RULES } from '@equip/domain/notification-rules';
import { describe, expect, it } from 'vitest';

const modulesDir = join(import.meta.dirname, '..');

/** The modules' own source files (tests left out), by path relative to `modules/`. */
function moduleSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(modulesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    sources.set(relative(modulesDir, path), readFileSync(path, 'utf8'));
  }
  return sources;
}

/**
 * The event types among `types` that no module logs: a type counts as logged when a module file that
 * calls the event log (`logEvent`, `logEventsInBulk`) names it as a string.
 */
function typesNobodyLogs(types: readonly EventType[], sources: ReadonlyMap<string, string>): EventType[] {
  const logging = [...sources.values()].filter((text) => /\blogEvent(sInBulk)?\(/.test(text));
  return types.filter((type) => !logging.some((text) => text.includes(`'${type}'`)));
}

describe('notification rules', () => {
  const ruleTypes = Object.keys(NOTIFICATION_RULES) as EventType[];

  it('each read an event some module of the API logs (no rule for an area that does not exist yet)', () => {
    expect(ruleTypes.length).toBeGreaterThan(0);
    expect(typesNobodyLogs(ruleTypes, moduleSources())).toEqual([]);
  });

  it('catches a rule whose event nobody logs (a planted case)', () => {
    const planted = new Map([
      ['employees/service.ts', "await logEvent(tx, { type: 'USERS_IMPORTED' });"],
      // Named, but not by a file that logs events: a label is no event.
      ['labels.ts', "const label = { DEVICE_RETURNED: 'Returned', other: 'DEVICE_RETURNED' };"],
    ]);
    expect(typesNobodyLogs(['USERS_IMPORTED', 'DEVICE_RETURNED'], planted)).toEqual(['DEVICE_RETURNED']);
  });
});
