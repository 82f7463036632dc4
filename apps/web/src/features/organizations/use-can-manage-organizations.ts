import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

/** Organization Management is for organization admins: the same rule that shows its menu link. */
export function useCanManageOrganizations(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)['/portal/organization-management'] : false;
}
