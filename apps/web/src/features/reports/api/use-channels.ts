/** GET /v1/user/channels?publisher_type=… → app options (spec §3 Channel, §6). */
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import type { Channel } from '@portal/contracts/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { nextPaint } from '@/lib/use-after-paint.ts';

/** Fetches the caller's channels of a publisher type (1 SDK, 2 RTB, 3 affiliate). */
export function fetchChannels(publisherType: number): Promise<Channel[]> {
  return callEndpoint(reportsEndpoints.channels, { query: { publisher_type: publisherType } });
}

/** The caller's channels. */
export function useChannels(publisherType: number) {
  return useQuery({
    queryKey: ['channels', publisherType],
    // the filter's options: asked for once the screen has been painted (nextPaint)
    queryFn: () => nextPaint().then(() => fetchChannels(publisherType)),
    staleTime: 10 * 60_000,
  });
}
