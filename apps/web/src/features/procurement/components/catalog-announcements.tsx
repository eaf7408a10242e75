import { Trans } from '@lingui/react/macro';
import { useFlagAllows } from '@/lib/flags-context';
import { Alert } from '@/ui/alert';

/**
 * The catalog's banners (SPEC §9): a note about the catalog (`catalog-announcement`) and, while the
 * procurement provider cannot take orders, a warning (`topi-unavailable-announcement`).
 */
export function CatalogAnnouncements() {
  const announcement = useFlagAllows('catalog-announcement');
  const topiUnavailable = useFlagAllows('topi-unavailable-announcement');
  if (!announcement && !topiUnavailable) return null;
  return (
    <div className="space-y-2">
      {topiUnavailable ? (
        <Alert variant="warning" title={<Trans>Ordering may be delayed</Trans>}>
          <Trans>
            Our procurement partner TopiComspot is not taking orders at the moment. Orders you place now are
            sent as soon as it is back.
          </Trans>
        </Alert>
      ) : null}
      {announcement ? (
        <Alert variant="info" title={<Trans>New in the catalog</Trans>}>
          <Trans>
            Every model can now be rented monthly as well as bought. Choose Rent to see the monthly prices.
          </Trans>
        </Alert>
      ) : null}
    </div>
  );
}
