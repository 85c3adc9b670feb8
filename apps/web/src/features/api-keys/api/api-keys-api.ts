/** Reporting API key endpoints (contracts security.ts): list, create (key shown once), revoke. */
import type { ApiKey, ApiKeyCreated } from '@portal/contracts/security.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

const KEY = ['api-keys'];

/** GET /v1/account/api_keys. */
export function useApiKeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await request<{ list: ApiKey[] }>('/v1/account/api_keys')).list,
  });
}

/** POST /v1/account/api_keys: answers the key itself, once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      request<ApiKeyCreated>('/v1/account/api_keys', { method: 'POST', body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /v1/account/api_keys. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>('/v1/account/api_keys', { method: 'DELETE', body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
