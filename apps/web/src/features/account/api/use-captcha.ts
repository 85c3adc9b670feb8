/** Captcha endpoints (api-contract §5): gen_math on entry, refresh_math on demand. */

import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import type { EndpointData } from '@portal/contracts/endpoints.ts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { afterPaint } from '@/lib/use-after-paint.ts';

export type Captcha = EndpointData<typeof accountEndpoints.captcha>;

/** POST /v1/passport/captcha/gen_math. */
export function genCaptcha(): Promise<Captcha> {
  return callEndpoint(accountEndpoints.captcha);
}

/** POST /v1/passport/captcha/refresh_math { captcha_id }. */
export function refreshCaptcha(captchaId: string): Promise<Captcha> {
  return callEndpoint(accountEndpoints.captchaRefresh, { body: { captcha_id: captchaId } });
}

/**
 * Loads a captcha once the sign-in form has been painted (issue 26 item 4: on a phone the request and
 * its answer otherwise come before the form's first paint, a round trip added to it); `refresh`
 * replaces it (or generates one when none loaded yet).
 */
export function useCaptcha(): { captcha: Captcha | null; loading: boolean; refresh: () => void } {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const gen = useMutation({ mutationFn: genCaptcha, onSuccess: setCaptcha });
  const again = useMutation({ mutationFn: refreshCaptcha, onSuccess: setCaptcha });
  const { mutate: genMutate } = gen;
  const { mutate: againMutate } = again;

  useEffect(() => afterPaint(() => genMutate()), [genMutate]);

  const refresh = useCallback(() => {
    if (captcha) againMutate(captcha.captcha_id);
    else genMutate();
  }, [captcha, againMutate, genMutate]);

  return { captcha, loading: gen.isPending || again.isPending, refresh };
}
