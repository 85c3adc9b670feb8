/** GET /v1/report/list/game/sdk/app → the caller's game-centre apps as filter options (spec §7). */
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

type GameAppOption = { app_name?: string; pkg_name?: string; name?: string; value?: string };

/** `{ value: package name, label: app name }` options. */
export function useGameApps(enabled = true) {
  return useQuery({
    queryKey: ['game_apps'],
    enabled,
    staleTime: 10 * 60_000,
    queryFn: async () => {
      const list = await request<GameAppOption[]>('/v1/report/list/game/sdk/app');
      return list
        .map((a) => {
          const value = a.pkg_name ?? a.value ?? '';
          const name = a.app_name ?? a.name ?? value;
          return { value, label: name === value ? name : `${name} (${value})` };
        })
        .filter((o) => o.value);
    },
  });
}
