import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceOs } from '@equip/domain/devices';
import type { AgentCheckInResult, AgentCredentials, AgentReport } from '@equip/domain/enrollment';

/** A refusal from the server, with the message of its error payload. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

async function postJson<T>(url: string, body: unknown, token?: string, signal?: AbortSignal): Promise<T> {
  const timeout = AbortSignal.timeout(15_000);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const payload = (await response.json().catch(() => null)) as (T & { errors?: { msg?: string }[] }) | null;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ServerError(
      response.status,
      payload?.errors?.[0]?.msg ?? `The server answered ${response.status}`,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return payload as T;
}

const endpoint = (server: string, route: string) =>
  new URL(route, server.endsWith('/') ? server : `${server}/`).href;

export function enroll(server: string, token: string, os: DeviceOs): Promise<AgentCredentials> {
  return postJson(endpoint(server, 'api/agent/enroll'), { token, os });
}

/**
 * Sends one report, retrying network failures, 5xx and 429 with the same report id (the server counts
 * it once) up to `attempts` times; other refusals (401, 400) are final. `signal` abandons the report,
 * its request and its waits at once (the agent is being stopped).
 */
export async function checkIn(
  server: string,
  agentToken: string,
  report: AgentReport,
  { attempts = 4, signal }: { attempts?: number; signal?: AbortSignal } = {},
): Promise<AgentCheckInResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postJson<AgentCheckInResult>(
        endpoint(server, 'api/agent/check-ins'),
        report,
        agentToken,
        signal,
      );
    } catch (error) {
      const retryable = !(error instanceof ServerError) || error.status >= 500 || error.status === 429;
      if (!retryable || attempt >= attempts || signal?.aborted) throw error;
      const wait =
        error instanceof ServerError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : 0;
      await sleep(Math.max(wait, 500 * 2 ** (attempt - 1)), undefined, { signal });
    }
  }
}
