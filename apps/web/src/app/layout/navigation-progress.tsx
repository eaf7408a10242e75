import { usePageLoading } from '../routing';

/** A thin bar under the top bar while the next page's code loads. */
export function NavigationProgress() {
  if (!usePageLoading()) return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-indigo-100">
      <div className="h-full w-1/3 animate-pulse bg-indigo-600" />
    </div>
  );
}
