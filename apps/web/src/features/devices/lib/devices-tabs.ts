import { DEVICES_TABS, type DevicesTab } from '@/config/paths';

/** `?tab=…` of the devices page ('devices' when missing or unknown). */
export function parseDevicesTab(value: string | null): DevicesTab {
  return DEVICES_TABS.find((tab) => tab === value) ?? 'devices';
}

/** An asset's or a definition's own address, which opens the assets tab whatever its `tab` says. */
export const isAssetRecord = (pathname: string) =>
  /\/devices\/(assets|asset-definitions)(\/|$)/.test(pathname);
