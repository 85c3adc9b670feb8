import { z } from 'zod';

/** api-contract §1: every JSON body is `{ code, msg, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export type Envelope<T> = { code: number; msg: string; data: T };

/** One field error of a 604 answer: `data.errors`. `message` is already in the caller's language. */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;
