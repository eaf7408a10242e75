import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not happen inside the request that causes it: the request answers first, then the
 * task runs. Used where doing the work in the request would tell a stranger something by its timing
 * (a password-reset request for a known email versus an unknown one).
 *
 * Tasks live in this process only; durable work is a job (job-runner.ts, decision 009). `drain()` waits
 * for the running ones (shutdown and tests).
 */
export class DeferredTasks {
  private readonly running = new Set<Promise<void>>();
  /** Tasks held back while paused (tests look at the state between the answer and the task). */
  private held: { name: string; task: () => Promise<void> }[] | null = null;

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'> = console) {}

  defer(name: string, task: () => Promise<void>): void {
    if (this.held) {
      this.held.push({ name, task });
      return;
    }
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: name }, 'deferred task failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Holds new tasks back until the next `drain()`. */
  pause(): void {
    this.held ??= [];
  }

  /** Starts held tasks and waits until none runs. */
  async drain(): Promise<void> {
    const held = this.held ?? [];
    this.held = null;
    for (const { name, task } of held) this.defer(name, task);
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
