import { type Params, type UIMatch, useMatches } from 'react-router';

/** Route `handle` of dashboard pages: the title shown in the top bar. */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
}

export function titleOf(matches: UIMatch[]): string | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'function') return title(match.params);
    if (title) return title;
  }
  return undefined;
}

export function usePageTitle(): string {
  return titleOf(useMatches()) ?? 'Equip';
}
