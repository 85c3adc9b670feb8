/** Reporting API key endpoints (contracts security.ts): list, create (key shown once), revoke. */
import { securityEndpoints } from '@portal/contracts/endpoints/security.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

const KEY = ['api-keys'];

/** GET /v1/account/api_keys. */
export function useApiKeys() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await callEndpoint(securityEndpoints.apiKeys)).list,
  });
}

/** POST /v1/account/api_keys: answers the key itself, once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(securityEndpoints.createApiKey, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /v1/account/api_keys. */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(securityEndpoints.revokeApiKey, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
