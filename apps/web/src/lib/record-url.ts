import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/**
 * The URL of an open record (docs/architecture.md, "A URL for every record"): a list page's route
 * takes an optional last segment, `/dashboard/employees/:employeeUuid?`, and the record's tab is the
 * `tab` query parameter. Opening pushes a history entry (Back closes the record), closing goes back to
 * the list's own URL, switching tabs replaces the entry; the list's filters, sorting and page stay in
 * the query string throughout. A reload or a shared link opens the same record on the same tab.
 */
export function useRecordUrl<Tab extends string>(
  param: string,
  tabs: readonly Tab[],
  /**
   * The query parameters that belong to the open record (its own list's, e.g. the device drawer's
   * software search): opening another record or closing this one leaves them out.
   */
  isRecordParam: (name: string) => boolean = () => false,
) {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const recordId = params[param] ?? null;

  const listPath = useMemo(() => {
    const path = location.pathname.replace(/\/+$/, '');
    return recordId ? path.slice(0, path.lastIndexOf('/')) : path;
  }, [location.pathname, recordId]);

  const searchWith = useCallback(
    (tab: Tab | null, keepRecordParams = true) => {
      const search = new URLSearchParams(location.search);
      if (!keepRecordParams)
        for (const name of [...search.keys()]) if (isRecordParam(name)) search.delete(name);
      if (tab) search.set('tab', tab);
      else search.delete('tab');
      const text = search.toString();
      return text ? `?${text}` : '';
    },
    [isRecordParam, location.search],
  );

  const requestedTab = new URLSearchParams(location.search).get('tab');
  const tab = recordId && tabs.includes(requestedTab as Tab) ? (requestedTab as Tab) : null;

  return {
    /** The open record's id, or null when the list is shown alone. */
    recordId,
    /** The open record's tab when the URL names a known one. */
    tab,
    open: useCallback(
      (id: string, openTab: Tab | null = null) =>
        navigate({
          pathname: `${listPath}/${encodeURIComponent(id)}`,
          search: searchWith(openTab, id === recordId),
        }),
      [listPath, navigate, recordId, searchWith],
    ),
    close: useCallback(
      () => navigate({ pathname: listPath, search: searchWith(null, false) }),
      [listPath, navigate, searchWith],
    ),
    setTab: useCallback(
      (next: Tab) => navigate({ pathname: location.pathname, search: searchWith(next) }, { replace: true }),
      [location.pathname, navigate, searchWith],
    ),
  };
}
