import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { portalAbilities, type ExternalLinkRecord } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteLinkMutation, useListLinksQuery } from './api';
import './link-management.css';

export const EXTERNAL_LINKS_PATH = '/portal/website-management/external-links';

/** Website Management is for organization admins (SPEC 6): the rule that shows its menu links. */
export function useCanManageWebsite(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[EXTERNAL_LINKS_PATH] : false;
}

/** External Links: the links the public Links and Partners page lists, in its order. */
export default function ExternalLinksPage() {
  const allowed = useCanManageWebsite();
  return (
    <ScreenPage title="External Links" description="The partner and resource links the public Links and Partners page shows.">
      {allowed ? <Links /> : <NotPermitted />}
    </ScreenPage>
  );
}

/**
 * A web address with line-break opportunities where a reader expects them: after each slash, and before a dot,
 * ?, & or #. Without them a long address in a narrow column broke at any letter ("noaa.gov" over "/").
 */
export function breakableUrl(url: string) {
  const parts = url.split(/(?<=\/)(?!\/)|(?=[.?&#])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

function Links() {
  const links = useListLinksQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteLink] = useDeleteLinkMutation();
  const deletion = useConfirmedDelete<ExternalLinkRecord>({
    nameOf: (l) => l.title,
    remove: (l) => deleteLink(l.link_id).unwrap(),
    failure: 'The link could not be deleted.',
    onDeleted: setNotice,
  });

  return (
    <>
      <ManagementList
        items={links.data}
        isLoading={links.isLoading}
        isError={links.isError}
        onRetry={links.refetch}
        noun="links"
        loadError="The links could not be loaded."
        add={{ to: `${EXTERNAL_LINKS_PATH}/new`, label: 'Add a link' }}
        search={{
          id: 'link-search',
          label: 'Find by title, category or address',
          matches: (l, needle) => [l.title, l.category, l.url].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered fullWidth stackedStyle="headers" caption="External links, in public order">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Web address</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((l) => (
                <tr key={l.link_id}>
                  <th scope="row" data-label="Title">
                    <Link to={`${EXTERNAL_LINKS_PATH}/${l.link_id}`} aria-label={`Edit ${l.title}`}>
                      {l.title}
                    </Link>
                  </th>
                  <td data-label="Category">{l.category}</td>
                  <td data-label="Web address" className="link-management__url">
                    {breakableUrl(l.url)}
                  </td>
                  <td data-label="Actions">
                    {deletion.button(l)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-link-dialog', <p>The link leaves the public Links and Partners page at once.</p>)}
    </>
  );
}
