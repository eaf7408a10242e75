import type { DeviceCommand, DeviceCommands } from '@equip/domain/mdm';
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
