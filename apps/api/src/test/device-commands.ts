import type { DeviceCommand, DeviceCommands } from '@equip/domain/mdm';
import type { SoftwareCommand, SoftwareCommands } from '@equip/domain/software-installs';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { bearer } from './factories.ts';

/**
 * MDM commands through the API, as the tests of the MDM clients drive them: send an action to a device,
 * wait for its newest command, or bring a planned retry forward instead of waiting on the clock.
 */
/** `app` and `token` are read at each call (tests set them up in `beforeAll`). */
export function deviceCommands(app: () => TestApp, token: () => string) {
  /** `POST /api/devices/:uuid/actions`: the queued command (202). */
  async function send(device: string, action: string): Promise<DeviceCommand> {
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/devices/${device}/actions`,
      headers: bearer(token()),
      payload: { action },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<DeviceCommand>();
  }

  /** The device's commands once `done` holds for the newest (the job runner polls every half second in tests). */
  async function until(
    device: string,
    done: (newest: DeviceCommand, all: DeviceCommands) => boolean,
  ): Promise<DeviceCommands> {
    let last: DeviceCommands | undefined;
    await expect
      .poll(
        async () => {
          const res = await app().app.inject({
            method: 'GET',
            url: `/api/devices/${device}/actions`,
            headers: bearer(token()),
          });
          last = res.json<DeviceCommands>();
          return last.items[0] ? done(last.items[0], last) : false;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    return last!;
  }

  /** Starts a command's planned retry now (its job's start moved forward) rather than at its time. */
  async function retryNow(commandUuid: string): Promise<void> {
    await app().services.database.jobStore.executeSql(
      `update pgboss.job set start_after = now()
        where name = 'mdm.command' and data->>'commandUuid' = $1 and state = 'retry'`,
      [commandUuid],
    );
    app().services.jobs.kick('mdm.command');
  }

  return { send, until, retryNow };
}

/**
 * Installs and uninstalls through the API (decision 030), as the tests of the MDM clients drive them:
 * ask for one, read the device's newest, wait until it is where the test expects, read its software from
 * the MDM now (the confirmation).
 */
export function softwareCommands(app: () => TestApp, token: () => string) {
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().app.inject({ method, url, headers: bearer(token()), ...(payload ? { payload } : {}) });

  /** `POST /api/devices/:uuid/software/install` (or `/uninstall`): the queued command (202). */
  async function request(
    device: string,
    verb: 'install' | 'uninstall',
    applicationUuid: string,
  ): Promise<SoftwareCommand> {
    const res = await inject('POST', `/api/devices/${device}/software/${verb}`, { applicationUuid });
    expect(res.statusCode, res.body).toBe(202);
    return res.json<SoftwareCommand>();
  }

  /** The device's newest install or uninstall. */
  async function newest(device: string): Promise<SoftwareCommand | undefined> {
    const res = await inject('GET', `/api/devices/${device}/software/commands`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SoftwareCommands>().items[0];
  }

  /** The newest once `done` holds for it. */
  async function until(device: string, done: (c: SoftwareCommand) => boolean): Promise<SoftwareCommand> {
    let last: SoftwareCommand | undefined;
    await expect
      .poll(
        async () => {
          last = await newest(device);
          return last ? done(last) : false;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    return last!;
  }

  /** `POST /api/devices/:uuid/software/refresh`: the device's software read from its MDM now. */
  async function refresh(device: string): Promise<void> {
    const res = await inject('POST', `/api/devices/${device}/software/refresh`);
    expect(res.statusCode, res.body).toBe(200);
  }

  return { request, newest, until, refresh };
}
