import type { BootConfig } from '@equip/domain/boot';
import { useBootConfig } from './boot-config-context';

/** SPEC §2's hosts that serve pages of Equip's: unified enrolment (`/start`) and the companion. */
export type PageHost = 'enrolment' | 'companion';

/**
 * Where a page of a host lives, as a link: its path while the host is the platform's (the link stays on
 * the address the person uses), the host's full address when it has one of its own (ENROLMENT_URL,
 * COMPANION_URL). An empty address (the dev server, tests) is this page's origin.
 */
export function hostHref(urls: BootConfig['urls'], host: PageHost, path: string): string {
  const base = urls[host];
  return base && base !== urls.platform ? `${base}${path}` : path;
}

/** Whether a link to the host leaves this app (a full page load, never the in-app router). */
export function isOwnHost(urls: BootConfig['urls'], host: PageHost): boolean {
  return Boolean(urls[host]) && urls[host] !== urls.platform;
}

/** A page's full address, to show or hand on (`https://enrol.example.com/start`). */
export function hostAddress(urls: BootConfig['urls'], host: PageHost, path: string): string {
  return `${urls[host] || window.location.origin}${path}`;
}

/** The links of SPEC §2's hosts, from the boot configuration. */
export function useHosts() {
  const { urls } = useBootConfig();
  return {
    urls,
    href: (host: PageHost, path: string) => hostHref(urls, host, path),
    address: (host: PageHost, path: string) => hostAddress(urls, host, path),
    elsewhere: (host: PageHost) => isOwnHost(urls, host),
  };
}
