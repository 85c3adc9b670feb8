/**
 * Readers of a raw `app.inject` answer for tests (not a test itself): the body parsed as an envelope
 * `{ code, msg, data }` (api-contract §1) with `data` unknown, or as the failure envelope
 * (route-schema.ts failureEnvelope), so a test narrows what it reads instead of reading `any`. For
 * answers of the endpoint table, json-caller.ts `endpointCallers` parses `data` by the entry instead.
 */
import { z } from 'zod';
import { failureEnvelope } from '../lib/route-schema.ts';

/** Any envelope `{ code, msg, data }`, `data` left unknown for the reader to narrow. */
export const anyEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() });
export type RawEnvelope = z.output<typeof anyEnvelope>;

/** A failure envelope: a non-success code, its text, and field errors, `retry_after`, a cap or null. */
export type FailureAnswer = z.output<typeof failureEnvelope>;

/** What the readers take: light-my-request's response (its `json()` answers `any`). */
type Injected = { json: () => unknown };

/** The envelope of a raw answer (a probe, a malformed body, a wrong method); throws on any other body. */
export function envelopeOf(res: Injected): RawEnvelope {
  return anyEnvelope.parse(res.json());
}

/** The failure envelope of a raw answer; throws on a success or any other body. */
export function failureOf(res: Injected): FailureAnswer {
  return failureEnvelope.parse(res.json());
}

const retryAnswer = z.object({ code: z.literal(10002), data: z.object({ retry_after: z.number().int() }) });

/** The `data.retry_after` (seconds) of a 10002 answer (a raw envelope or a parsed one); throws on any other. */
export function retryAfterOf(answer: unknown): number {
  return retryAnswer.parse(answer).data.retry_after;
}
