/** GET /v1/report/list/game/sdk/app → the caller's game-centre apps as filter options (spec §7). */
import { reportsEndpoints } from '@portal/contracts/endpoints/reports.ts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

/** `{ value: package name, label: app name }` options. */
export function useGameApps(enabled = true) {
  return useQuery({
    queryKey: ['game_apps'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async () => {
      // the contract's `{ app_name, pkg_name }` (contracts reports-game `gameApp`)
      const list = await callEndpoint(reportsEndpoints.gameApps);
      return list
        .map((a) => {
          const name = a.app_name || a.pkg_name;
          return { value: a.pkg_name, label: name === a.pkg_name ? name : `${name} (${a.pkg_name})` };
        })
        .filter((o) => o.value);
    },
  });
}
