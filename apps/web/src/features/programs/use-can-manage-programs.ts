import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

/** Program Management is for organization admins (MANAGE_PROGRAMS): the rule that shows its menu link. */
export function useCanManagePrograms(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)['/portal/program-management'] : false;
}
