/** Test device endpoints (contracts test-devices.ts): list, add, edit, remove. */
import { testDevicesEndpoints } from '@portal/contracts/endpoints/test-devices.ts';
import type { TestDeviceBody } from '@portal/contracts/test-devices.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';

const KEY = ['test-devices'];

/** GET /v1/test_devices. */
export function useTestDevices() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await callEndpoint(testDevicesEndpoints.list)).list,
  });
}

/** POST /v1/test_devices, or PUT /v1/test_devices/:id when `id` is given. */
export function useSaveTestDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TestDeviceBody & { id?: number }) =>
      id === undefined
        ? callEndpoint(testDevicesEndpoints.create, { body })
        : callEndpoint(testDevicesEndpoints.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** DELETE /v1/test_devices/:id. */
export function useRemoveTestDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(testDevicesEndpoints.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
