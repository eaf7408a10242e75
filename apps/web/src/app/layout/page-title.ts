import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type RouteMatch, useLocation } from 'react-router';
import { matchRoutesOnce, useRouteTable } from '../route-table';

/** Route `handle` of dashboard pages: the title shown in the top bar (a catalog message). */
export interface RouteHandle {
  title?: MessageDescriptor;
}

function titleOf(matches: RouteMatch[]): MessageDescriptor | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const title = (matches[index]!.route.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** The page's title in the current language; the product's name where a page has none. */
export function usePageTitle(): string {
  const { i18n } = useLingui();
  const title = titleOf(matchRoutesOnce(useRouteTable(), useLocation().pathname) ?? []);
  return title ? i18n._(title) : 'Equip';
}
