import { portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

export const SWITCHES_PATH = '/portal/website-management/switches';
export const BEACH_ORDERING_PATH = '/portal/website-management/beach-ordering';
export const GIS_SERVICES_PATH = '/portal/website-management/gis-rest-services';

/** Website Management is for organization admins (SPEC 6): the rule that shows its menu links. */
export function useCanManageWebsite(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[SWITCHES_PATH] : false;
}
