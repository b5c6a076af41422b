import { z } from 'zod';

/** Every failed API call answers this shape, with a message meant for a person. */
export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
});

/** Every successful API call answers `{ success: true, data }`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** What a DELETE answers when the thing is gone. */
export const removedResponse = okEnvelope(z.object({ removed: z.literal(true) }));
