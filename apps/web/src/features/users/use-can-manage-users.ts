import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

/** Whether the signed-in user may use User Management: the same rule that shows its menu link. */
export function useCanManageUsers(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)['/portal/user-management'] : false;
}
