import { createContext, useContext } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/**
 * The route table being rendered, for what reads it from inside a page (the top bar's title). Given by
 * `AppRoutes`, so the layout does not import `router.tsx`, which loads the layout: no import cycle.
 */
export const RouteTableContext = createContext<RouteObject[]>([]);

export const useRouteTable = () => useContext(RouteTableContext);

const lastMatches = new WeakMap<RouteObject[], { pathname: string; matches: RouteMatch[] | null }>();

/**
 * `matchRoutes`, answered once per table and address: React Router flattens and ranks the whole table
 * on every call, ~10 ms of a phone-class CPU each time the routes or the page title render while a page
 * opens (bench/lighthouse.mjs), and the table never changes. Keeps the last address of each table.
 */
export function matchRoutesOnce(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const last = lastMatches.get(routes);
  if (last?.pathname === pathname) return last.matches;
  const matches = matchRoutes(routes, pathname);
  lastMatches.set(routes, { pathname, matches });
  return matches;
}
