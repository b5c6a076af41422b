import { MESSAGES } from '@rrc/contract';
import { AppError, notFound, serviceUnavailable, tooManyRequests } from '../errors.ts';
import { isRoyalRoadError } from './errors.ts';

/** When to ask again after Royal Road's interactive queue was full or a requester had their share in it. */
export const BUSY_RETRY_SECONDS = 60;

/** Turns a Royal Road failure into an answer for a person; anything else is thrown on as it is. */
export function royalRoadFailure(error: unknown): AppError {
  if (!isRoyalRoadError(error)) throw error;
  switch (error.kind) {
    case 'busy':
      return new AppError(503, MESSAGES.royalRoadBusy, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    case 'limited':
      return tooManyRequests(error.message, BUSY_RETRY_SECONDS);
    case 'not-found':
      return notFound('Royal Road has no fiction at that address.');
    case 'site-error':
      return notFound(`Royal Road says: ${error.message}`);
    case 'parse':
      return serviceUnavailable(
        'Royal Road answered with a page we could not read. Please try again later.',
        error,
      );
    default:
      return serviceUnavailable(
        'Royal Road could not be reached right now. Please try again in a few minutes.',
        error,
      );
  }
}
