/** Test device endpoints (contracts test-devices.ts): list, add, edit, remove. */
import type { TestDevice, TestDeviceBody, TestDeviceList } from '@portal/contracts/test-devices.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/request.ts';

const KEY = ['test-devices'];

/** GET /v1/test_devices. */
export function useTestDevices() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await request<TestDeviceList>('/v1/test_devices')).list,
  });
}

/** POST /v1/test_devices, or PUT /v1/test_devices/:id when `id` is given. */
export function useSaveTestDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TestDeviceBody & { id?: number }) =>
      request<TestDevice>(id === undefined ? '/v1/test_devices' : `/v1/test_devices/${id}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /v1/test_devices/:id. */
export function useRemoveTestDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/v1/test_devices/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
