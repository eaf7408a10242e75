import { z } from 'zod';
import type { ModuleRoutes } from '../../http/types.ts';
import { readFlagValues } from './service.ts';

/** Amplitude Experiment's variant shape, as the browser client expects it from `/sdk/v2/vardata`. */
const Variants = z.record(z.string(), z.object({ key: z.string(), value: z.string() }));

/**
 * The same-origin experimentation proxy (SPEC §7): the browser's experiment client fetches variants
 * here, answered from our own flag table.
 */
export const flagRoutes: ModuleRoutes = (app, { database }) => {
  const variants = async () => {
    const values = await readFlagValues(database.db);
    return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { key: value, value }]));
  };
  const schema = {
    tags: ['flags'],
    summary: 'Flag variants for the experimentation client',
    response: { 200: Variants },
  };
  app.get('/experiment/sdk/v2/vardata', { config: { access: 'public' }, schema }, variants);
  app.post('/experiment/sdk/v2/vardata', { config: { access: 'public' }, schema }, variants);
  app.get(
    '/experiment/sdk/v2/flags',
    { config: { access: 'public' }, schema: { ...schema, response: { 200: z.array(z.unknown()) } } },
    async () => [],
  );
};
