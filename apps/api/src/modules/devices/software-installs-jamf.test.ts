import { expect } from 'vitest';
import { startJamfFake } from '../../test/jamf-fake.ts';
import { describeSoftwareInstalls } from '../../test/software-installs-suite.ts';

const SLACK_VPP = 41;
const SLACK_BUNDLE = 'com.tinyspeck.slackmacgap';
const SCOPE_PATH = `/JSSResource/macapplications/id/${SLACK_VPP}`;

/**
 * Jamf Pro installs by scoping the VPP app to the Mac through the Classic API (XML); an app made available
 * in Self Service is offered by the same scope.
 */
describeSoftwareInstalls({
  provider: 'JAMF',
  name: 'Jamf Pro',
  app: { platform: 'macos_and_windows', id: SLACK_BUNDLE },
  confirmsByInventory: true,
  tooManyRequests: '429',
  unknownApp: /^Jamf Pro has no App Store app Nowhere .* \(com\.example\.nowhere\) to assign$/,
  async start() {
    const jamf = await startJamfFake();
    jamf.addVppApp({
      id: SLACK_VPP,
      kind: 'computer',
      name: 'Slack',
      bundleId: SLACK_BUNDLE,
      version: '4.41.105',
    });
    const scopePuts = () => jamf.requests.filter((r) => r.method === 'PUT' && r.path === SCOPE_PATH);
    /** The scope PUTs seen when each test's device was added, so a test counts only its own. */
    const putsBefore = new Map<string, number>();
    const scope = () => jamf.vppApps.get(SLACK_VPP)!.scope;
    return {
      connectPayload: { baseUrl: jamf.url, clientId: jamf.clientId, clientSecret: jamf.clientSecret },
      addDevice(serial) {
        const computer = jamf.addComputer({ serialNumber: serial, applications: [] });
        putsBefore.set(computer.id, scopePuts().length);
        return { fakeId: computer.id, name: computer.name, type: 'COMPUTER', os: 'MACOS' };
      },
      reset() {
        jamf.reportAfterReads(1);
        jamf.vppApps.get(SLACK_VPP)!.deploymentType = 'Install Automatically/Prompt Users to Install';
      },
      // Jamf offers an app in Self Service to its scope when that is its distribution.
      allowOffers() {
        jamf.vppApps.get(SLACK_VPP)!.deploymentType = 'Make Available in Self Service';
      },
      offered: (computer) => scope().includes(computer.fakeId),
      withdrawn: (computer) => !scope().includes(computer.fakeId),
      fail429: () => jamf.failNext(429, { path: '/JSSResource/macapplications/id/', retryAfter: '120' }),
      holdInstalls(_computer, count) {
        for (let i = 0; i < count; i++) jamf.holdNext('/JSSResource/macapplications/id/');
      },
      expectInstalled(computer) {
        expect(scope()).toContain(computer.fakeId);
        const puts = scopePuts().slice(putsBefore.get(computer.fakeId));
        expect(puts).toHaveLength(1);
        expect(puts[0]!.contentType).toBe('application/xml');
        expect(puts[0]!.body).toContain(`<computer><id>${computer.fakeId}</id></computer>`);
      },
      expectUninstalled: (computer) => expect(scope()).not.toContain(computer.fakeId),
      close: () => jamf.close(),
    };
  },
});
