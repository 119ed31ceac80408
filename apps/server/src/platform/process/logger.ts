import { pino, type Logger } from 'pino';

/** Structured JSON logs; each request's lines carry its `reqId`. Secrets are never written. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
