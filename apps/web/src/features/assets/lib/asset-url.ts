import { AssetDefinitionTab, AssetPanelTab } from '@equip/domain/assets';
import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useRecordUrl } from '@/lib/record-url';

/** The query parameter that keeps the selected definition while an item of it is open. */
const DEFINITION_PARAM = 'definition';

/** The open item in the URL: `/dashboard/devices/assets/<uuid>?tab=overview` (assignment by default). */
export const useAssetUrl = () => useRecordUrl('assetUuid', AssetPanelTab.options);

/**
 * The assets tab's two records in the address (docs/architecture.md, "A URL for every record"): the
 * selected definition is `/dashboard/devices/asset-definitions/<uuid>`, an open item
 * `/dashboard/devices/assets/<uuid>` (with `?definition=<uuid>` when it was opened from a definition,
 * so closing it goes back there). The list's filters, sorting and page stay in the query string.
 */
export function useAssetsAddress() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const definitionId = params.definitionUuid ?? search.get(DEFINITION_PARAM);
  const definitionTab = AssetDefinitionTab.options.find((tab) => tab === search.get('tab')) ?? null;

  /** The query string without the record's tab, the page (when the list changes) or the definition. */
  const rest = useCallback(
    (drop: string[]) => {
      const next = new URLSearchParams(location.search);
      for (const key of ['tab', DEFINITION_PARAM, ...drop]) next.delete(key);
      const text = next.toString();
      return text ? `?${text}` : '';
    },
    [location.search],
  );

  return {
    /** The selected definition (the address's segment, or the open item's `definition`). */
    definitionId,
    definitionTab: params.definitionUuid ? definitionTab : null,
    /** Selects a definition (null: every definition); the list starts on its first page. */
    selectDefinition: useCallback(
      (uuid: string | null) =>
        navigate({
          pathname: uuid ? paths.dashboard.assetDefinition(uuid) : paths.dashboard.assets(),
          search: rest(['page']),
        }),
      [navigate, rest],
    ),
    /** Opens an item over the list (a new history entry: Back closes it). */
    openAsset: useCallback(
      (uuid: string) => {
        const next = new URLSearchParams(rest([]));
        if (definitionId) next.set(DEFINITION_PARAM, definitionId);
        const text = next.toString();
        navigate({ pathname: paths.dashboard.asset(uuid), search: text ? `?${text}` : '' });
      },
      [definitionId, navigate, rest],
    ),
    /** Closes the open item, back to the list it was opened from. */
    closeAsset: useCallback(
      () =>
        navigate({
          pathname: definitionId ? paths.dashboard.assetDefinition(definitionId) : paths.dashboard.assets(),
          search: rest([]),
        }),
      [definitionId, navigate, rest],
    ),
  };
}
