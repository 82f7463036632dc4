import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

/** LHA Management is unlocked by MANAGE_PROGRAMS (SPEC 6): the rule that shows its menu link. */
export function useCanManageLhas(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)['/portal/lha-management'] : false;
}
