/**
 * Whether the API can be reached (issue 19: offline and slow networks). Requests report what they saw:
 * a network failure, or a gateway answering 502/503/504 without the API's error payload, marks the API
 * unreachable; from then on `/healthz` is probed with growing pauses (2 s up to 15 s) until it answers,
 * and any successful answer marks it reachable again. The app shell hands this to TanStack Query's
 * online manager, so queries pause instead of failing and resume by themselves; the offline banner and
 * the tables say so meanwhile.
 *
 * No dependencies: the sign-in page's clients use it too.
 */
type Listener = (reachable: boolean) => void;

const HEALTH_PATH = '/healthz';
const FIRST_PROBE_MS = 2_000;
const MAX_PROBE_MS = 15_000;

let reachable = true;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let nextProbeMs = FIRST_PROBE_MS;
const listeners = new Set<Listener>();

function set(value: boolean) {
  if (value === reachable) return;
  reachable = value;
  if (value) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    nextProbeMs = FIRST_PROBE_MS;
  } else {
    scheduleProbe();
  }
  for (const listener of listeners) listener(value);
}

function scheduleProbe() {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => void checkNow(), nextProbeMs);
  nextProbeMs = Math.min(nextProbeMs * 2, MAX_PROBE_MS);
}

/** Asks `/healthz` now; answers whether the API is reachable (and schedules the next probe if not). */
async function checkNow(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_PATH, { cache: 'no-store' });
    if (response.ok) {
      set(true);
      return true;
    }
  } catch {
    // Still unreachable.
  }
  if (!reachable) scheduleProbe();
  return false;
}

export const connectivity = {
  isReachable: () => reachable,
  /** Called with every change; answers the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  reportUnreachable: () => set(false),
  reportReachable: () => set(true),
  checkNow,
};
