import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

/** Places Management is for organization admins: the rule that shows its menu link. */
export function useCanManagePlaces(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)['/portal/places-management'] : false;
}
