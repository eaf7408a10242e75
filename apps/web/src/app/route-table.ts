import { createContext, useContext } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The route table being rendered, for what reads it from inside a page (the top bar's title). Given by
 * `AppRoutes`, so the layout does not import `router.tsx`, which loads the layout: no import cycle.
 */
export const RouteTableContext = createContext<RouteObject[]>([]);

export const useRouteTable = () => useContext(RouteTableContext);
