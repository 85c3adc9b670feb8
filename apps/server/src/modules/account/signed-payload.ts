/**
 * Opening an encrypted, signed payload (api-contract §3–4), shared by login, send_email,
 * password/forgot and signup: decrypt the JWE (604 on field `data`), refuse U+0000 anywhere (604,
 * plugins/nul-guard.ts), parse the plaintext with the
 * form's schema (604 with field errors), then check sign and timestamp window over the plaintext as
 * sent (10003).
 */

import type { Lang } from '@portal/contracts/codes.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { paramError } from '../../lib/app-error.ts';
import { verifySignedFields } from '../../lib/signed-fields.ts';
import { decryptJson, type KeyFinder } from '../../plugins/keys.ts';
import { assertNoNul } from '../../plugins/nul-guard.ts';
import { claimSignature } from '../../plugins/signature-ledger.ts';
import { fieldErrorsOf, localizedSafeParse } from '../../plugins/validation-messages.ts';

/** The parsed form of `jwe`; field errors in `lang`. Throws AppError 604 or 10003 as described above. */
export async function openSignedPayload<T extends z.ZodType>(
  app: FastifyInstance,
  keys: KeyFinder,
  jwe: string,
  schema: T,
  lang: Lang,
): Promise<z.infer<T>> {
  const plain = await decryptJson(keys, jwe);
  assertNoNul(plain, lang);
  const parsed = localizedSafeParse(schema, plain, lang);
  if (!parsed.success) throw paramError(fieldErrorsOf(parsed.error.issues));
  await verifySignedFields(plain, app.config.signKey, app.now(), (sign, ts) =>
    claimSignature(app.db, sign, ts),
  );
  return parsed.data;
}
