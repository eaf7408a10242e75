import { expect } from 'vitest';
import { startManageEngineFake } from '../../test/manage-engine-fake.ts';
import { describeSoftwareInstalls } from '../../test/software-installs-suite.ts';

const SLACK_APP = 99731238129;
const APPS = '/api/v1/mdm/devices/';

/**
 * ManageEngine distributes the repository's app to the device (and takes it back); the device's app list
 * tells when it is installed, gone or failed, so its status read is the confirmation.
 */
describeSoftwareInstalls({
  provider: 'MANAGE_ENGINE',
  name: 'ManageEngine',
  app: { platform: 'ios', id: 'com.tinyspeck.chatlyio' },
  confirmsByInventory: false,
  tooManyRequests: 'ManageEngine 429',
  unknownApp: /^ManageEngine has no Nowhere .* in its app repository for IOS$/,
  failedInstall: 'ManageEngine: Installation failed (Slack)',
  async start() {
    const me = await startManageEngineFake();
    me.addApp({ app_id: SLACK_APP, app_name: 'Slack', version: '24.11.20', platform_type: 1 });
    const appsOf = (deviceId: string) => `${APPS}${deviceId}/apps`;
    const sent = (method: string, deviceId: string) =>
      me.requests.filter((r) => r.method === method && r.path === appsOf(deviceId));
    return {
      connectPayload: { baseUrl: me.url, apiToken: me.apiKey },
      addDevice(serial) {
        const found = me.addDevice({ serialNumber: serial, platform: 'ios' });
        return { fakeId: found.id, name: found.name, type: 'PHONE', os: 'IOS' };
      },
      reset() {
        me.reportAfterReads(1);
        me.failInstalls(false);
      },
      fail429: (device) =>
        me.failNext(429, { path: appsOf(device.fakeId), method: 'POST', retryAfter: '120' }),
      holdInstalls(device, count) {
        for (let i = 0; i < count; i++) me.holdNext(appsOf(device.fakeId));
      },
      expectInstalled(device) {
        expect(me.hasApp(device.fakeId, SLACK_APP)).toBe(true);
        const posted = sent('POST', device.fakeId);
        expect(posted).toHaveLength(1);
        expect(posted[0]!.body).toEqual({
          app_ids: [SLACK_APP],
          silent_install: true,
          notify_user_via_email: false,
        });
      },
      expectUninstalled(device) {
        expect(me.hasApp(device.fakeId, SLACK_APP)).toBe(false);
        expect(sent('DELETE', device.fakeId).map((r) => r.body)).toEqual([{ app_ids: [SLACK_APP] }]);
      },
      // Offered in the app catalog: associated without a silent install; withdrawn: dissociated.
      offered: (device) =>
        me.offersApp(device.fakeId, SLACK_APP) &&
        sent('POST', device.fakeId).some(
          (r) =>
            JSON.stringify(r.body) ===
            JSON.stringify({ app_ids: [SLACK_APP], silent_install: false, notify_user_via_email: false }),
        ),
      withdrawn: (device) =>
        !me.hasApp(device.fakeId, SLACK_APP) &&
        sent('DELETE', device.fakeId).some(
          (r) => JSON.stringify(r.body) === JSON.stringify({ app_ids: [SLACK_APP] }),
        ),
      failInstalls: () => me.failInstalls(true),
      close: () => me.close(),
    };
  },
});
