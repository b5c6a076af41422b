import { MESSAGES } from '@rrc/contract';

/** An error whose message is meant for the person who made the request. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After: when asking again makes sense. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    statusCode: number,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, { cause: options?.cause });
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = MESSAGES.signInRequired) => new AppError(401, message);
export const forbidden = (message: string = MESSAGES.adminOnly) => new AppError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string = MESSAGES.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError(429, message, { retryAfterSeconds });
export const serviceUnavailable = (message: string = MESSAGES.serviceUnavailable, cause?: unknown) =>
  new AppError(503, message, { cause });
