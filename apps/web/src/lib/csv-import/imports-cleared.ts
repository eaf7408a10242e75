import { createAction } from '@reduxjs/toolkit';

/**
 * Clearing an import resets both imports, employees and assets, to their empty state (SPEC §4): each
 * import slice answers this one action.
 */
export const importsCleared = createAction('imports/cleared');
