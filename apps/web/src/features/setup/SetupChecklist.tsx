import { Link } from 'react-router';
import { isAdminOrganization, type SetupItemKey } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useGetSetupChecklistQuery, type SetupChecklist as Checklist } from './api';

/** What each item asks for and where it is done (docs/first-day.md follows the same order). */
const ITEMS: Record<SetupItemKey, { label: (year: number) => string; to: string; link: string }> = {
  places: { label: () => 'Load your counties and municipalities', to: '/portal/places-management', link: 'Places Management' },
  lhas: { label: () => 'Add the local health authorities', to: '/portal/lha-management', link: 'LHA Management' },
  organizations: { label: () => 'Add the organizations that sample, test or act (health departments, labs)', to: '/portal/organization-management', link: 'Organization Management' },
  seasons: { label: (year) => `Set each program’s ${year} swimming season`, to: '/portal/program/administration/seasons', link: 'Seasons' },
  rules: { label: () => 'Set each program’s logic rules', to: '/portal/program-management', link: 'Program Management' },
  beaches: { label: () => 'Add the beaches and their stations', to: '/portal/beach-management', link: 'Beach Management' },
  users: { label: () => 'Add the people who enter and verify results', to: '/portal/user-management', link: 'User Management' },
};

/**
 * The first-run set-up checklist (issue 25) on an organization admin's dashboard while the agency is
 * incomplete: each item ticks itself off from the real data, and the whole list goes once all are done.
 */
export function SetupChecklist() {
  const user = useAppSelector((state) => state.user.user);
  const admin = user ? isAdminOrganization(user.organization) : false;
  const checklist = useGetSetupChecklistQuery(undefined, { skip: !admin });
  if (!admin || !checklist.data || checklist.data.complete) return null;
  return <ChecklistView checklist={checklist.data} />;
}

export function ChecklistView({ checklist }: { checklist: Checklist }) {
  const done = checklist.items.filter((i) => i.done).length;
  return (
    <section aria-labelledby="setup-heading" className="setup-checklist margin-y-3 padding-2 border-1px border-primary-light radius-md bg-primary-lighter">
      <h2 id="setup-heading" className="margin-top-0">
        Set up your agency: {done} of {checklist.items.length} done
      </h2>
      <p className="margin-top-0">
        The public map shows a beach’s status once it has a station, a season for this year and verified results. Work down the list; each step ticks itself off.
      </p>
      <ol className="usa-list">
        {checklist.items.map((item) => {
          const spec = ITEMS[item.key];
          return (
            <li key={item.key} className="margin-bottom-1">
              <strong>{item.done ? 'Done: ' : 'To do: '}</strong>
              {item.done ? spec.label(checklist.year) : <Link to={spec.to}>{spec.label(checklist.year)}</Link>}
              <span className="display-block font-body-2xs text-base-dark">
                {item.detail}
                {item.done ? '' : ` (in ${spec.link})`}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="font-body-2xs margin-bottom-0">The step-by-step guide is docs/first-day.md in the product’s repository.</p>
    </section>
  );
}
