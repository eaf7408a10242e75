import { FlagConfigurations, FlagVariants } from '@equip/domain/flags';
import type { ModuleRoutes } from '../../app-services.ts';

/**
 * The same-origin experimentation proxy (SPEC §7): the browser's experiment client fetches variants
 * here, answered from our own flag table.
 */
export const flagRoutes: ModuleRoutes = (app, { flags }) => {
  const variants = async () => {
    const values = await flags.values();
    return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, { key: value, value }]));
  };
  const schema = {
    tags: ['flags'],
    summary: 'Flag variants for the experimentation client',
    response: { 200: FlagVariants },
  };
  app.get('/experiment/sdk/v2/vardata', { config: { access: 'public' }, schema }, variants);
  app.post('/experiment/sdk/v2/vardata', { config: { access: 'public' }, schema }, variants);
  app.get(
    '/experiment/sdk/v2/flags',
    { config: { access: 'public' }, schema: { ...schema, response: { 200: FlagConfigurations } } },
    async () => [],
  );
};
