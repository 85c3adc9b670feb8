/** Whether the signed-in user is network operations staff (role 70), from the cached user info. */
import { Role } from '@portal/contracts/constants.ts';
import { useSession } from '@/lib/use-session.ts';

export function useIsOps(): boolean {
  const { userInfo } = useSession();
  return userInfo?.opt_permission.some((p) => p.role_info.id === Role.OPS) ?? false;
}
