import type { Writable } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type Logger, pino } from 'pino';

/** Paths polled by load balancers, monitors and Prometheus: logged at debug, not every few seconds at info. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

/**
 * Log lines for people, on a terminal: `12:03:04 INFO  GET /api/employees 200 12 ms`, one line per
 * event, with the error's message and stack when there is one. Elsewhere (a file, a collector) the
 * logs stay pino's JSON, one object per line.
 */
export function humanLogStream(out: NodeJS.WriteStream | Writable = process.stdout): {
  write(line: string): void;
} {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(Number(entry.time ?? Date.now())).toTimeString().slice(0, 8);
      const level = LEVEL_NAMES[Number(entry.level)] ?? String(entry.level);
      const err = entry.err as { message?: string; stack?: string } | undefined;
      const extra = err?.stack ? `\n${err.stack}` : err?.message ? ` (${err.message})` : '';
      out.write(`${time} ${level} ${String(entry.msg ?? '')}${extra}\n`);
    },
  };
}

export function loggerOptions(config: {
  logLevel: string;
  logFormat: 'json' | 'human';
}): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    ...(config.logFormat === 'human' ? { stream: humanLogStream() } : {}),
  };
}

/** The log of work outside requests (background jobs), in the requests' level and format. */
export function processLogger(config: { logLevel: string; logFormat: 'json' | 'human' }): Logger {
  const options = { level: config.logLevel };
  return config.logFormat === 'human' ? pino(options, humanLogStream()) : pino(options);
}

/**
 * One line per answered request (Fastify's two per request are turned off): method, path, status and
 * time; health checks only at debug.
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const line = `${request.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`;
    if (QUIET_PATHS.has(path)) request.log.debug(line);
    else if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
