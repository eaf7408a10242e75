import type { ThemePreference } from '@equip/domain/common';

/** A rendered theme. The stored preference (`ThemePreference`) may also be `system` (SPEC §1). */
export type Theme = 'light' | 'dark';

/** The main layout renders light only, whatever the preference. */
export const MAIN_LAYOUT_THEME: Theme = 'light';

/** The theme a preference stands for, for surfaces that honour it. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): Theme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
