import { expect } from 'vitest';
import { startFleetFake } from '../../test/fleet-fake.ts';
import { describeSoftwareInstalls } from '../../test/software-installs-suite.ts';

const SLACK_TITLE = 900;

/**
 * Fleet installs through its software install endpoints and reads the host's software status; it offers
 * in self service by its installer's `self_service` flag for the host's team.
 */
describeSoftwareInstalls({
  provider: 'FLEET',
  name: 'Fleet',
  app: { platform: 'macos_and_windows', id: 'com.tinyspeck.slackmacgap' },
  confirmsByInventory: true,
  tooManyRequests: 'Fleet 429',
  unknownApp: /^Fleet has no Nowhere .* to install on host-\d+$/,
  failedInstall: 'Fleet could not install Slack',
  async start() {
    const fleet = await startFleetFake();
    fleet.addTitle({
      id: SLACK_TITLE,
      name: 'Slack.app',
      version: '4.41.105',
      source: 'apps',
      bundle_identifier: 'com.tinyspeck.slackmacgap',
    });
    let nextHost = 700;
    const posts = (hostId: string, verb: string) =>
      fleet.requests.filter(
        (r) =>
          r.method === 'POST' && r.path === `/api/v1/fleet/hosts/${hostId}/software/${SLACK_TITLE}/${verb}`,
      );
    return {
      connectPayload: { baseUrl: fleet.url, apiToken: fleet.token },
      addDevice(serial) {
        const id = nextHost++;
        fleet.addHost({ id, hostname: `host-${id}`, hardware_serial: serial, software: [] });
        return { fakeId: String(id), name: `Mac ${id}`, type: 'COMPUTER', os: 'MACOS' };
      },
      reset() {
        fleet.reportAfterReads(1);
        fleet.installsEnd('installed');
      },
      fail429: (host) =>
        fleet.failNext(429, { path: `/api/v1/fleet/hosts/${host.fakeId}/software`, retryAfter: '120' }),
      holdInstalls(_host, count) {
        for (let i = 0; i < count; i++) fleet.loseNextAnswer('hold');
      },
      expectInstalled: (host) => expect(posts(host.fakeId, 'install')).toHaveLength(1),
      expectUninstalled: (host) => expect(posts(host.fakeId, 'uninstall')).toHaveLength(1),
      // Self service is the team's (the hosts here are in no team): offered by "Update package".
      offered: () =>
        fleet.offeredInSelfService(SLACK_TITLE, 0) &&
        fleet.requests.some(
          (r) =>
            r.method === 'PATCH' &&
            r.path === `/api/v1/fleet/software/titles/${SLACK_TITLE}/package` &&
            JSON.stringify(r.body) === JSON.stringify({ team_id: '0', self_service: 'true' }),
        ),
      // A withdrawal sends nothing: other hosts of the team may be offered it too.
      withdrawn: () =>
        fleet.offeredInSelfService(SLACK_TITLE, 0) &&
        !fleet.requests.some((r) => r.method === 'PATCH' && JSON.stringify(r.body).includes('"false"')),
      failInstalls: () => fleet.installsEnd('failed'),
      close: () => fleet.close(),
    };
  },
});
