// Errors crossing the native boundary. C++ throws an Error with errno/syscall/code;
// callNative re-throws it with the JavaScript caller's stack attached, so a failure
// points at the line of cyclebench (or user) code that asked for it (habit 3).

import type { PlatformErrorShape } from './types.js';

export class PlatformError extends Error implements PlatformErrorShape {
  code: string;
  errno?: number;
  syscall?: string;
  constructor(message: string, code: string, errno?: number, syscall?: string) {
    super(message);
    this.name = 'PlatformError';
    this.code = code;
    if (errno !== undefined) this.errno = errno;
    if (syscall !== undefined) this.syscall = syscall;
  }
}

/** An operation the platform cannot do: code ENOTSUP, with the reason in the message. */
export function unsupported(what: string, reason: string): PlatformError {
  return new PlatformError(`${what} is not supported: ${reason}`, 'ENOTSUP');
}

/** Calls a native function; a thrown native error comes back as a PlatformError with the caller's stack. */
export function callNative<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): R {
  try {
    return fn(...args);
  } catch (cause) {
    throw toPlatformError(cause, callNative);
  }
}

export function toPlatformError(cause: unknown, above?: (...args: never[]) => unknown): PlatformError {
  const e = cause as { message?: string; code?: string; errno?: number; syscall?: string };
  const err = new PlatformError(String(e?.message ?? cause), e?.code ?? 'EUNKNOWN', e?.errno, e?.syscall);
  if (above) Error.captureStackTrace(err, above);
  return err;
}
