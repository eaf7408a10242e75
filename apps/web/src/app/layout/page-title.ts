import { type UIMatch, useMatches } from 'react-router';

/** Route `handle` of dashboard pages: the title shown in the top bar. */
export interface RouteHandle {
  title?: string;
}

function titleOf(matches: UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const title = (matches[index]!.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

export function usePageTitle(): string {
  return titleOf(useMatches()) ?? 'Equip';
}
