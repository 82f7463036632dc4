import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { portalAbilities, type NewsRecord } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { useRankMoves } from '../../components/management/rank-buttons';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteNewsMutation, useListNewsQuery, useMoveNewsMutation } from './api';
import './news-management.css';

export const NEWS_PATH = '/portal/website-management/news';

/** Website Management is for organization admins (SPEC 6): the rule that shows this screen's menu link. */
export function useCanManageNews(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[NEWS_PATH] : false;
}

/** Today in the browser's time zone, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Whether the public site shows the item today, and if not, why. */
export function newsState(item: NewsRecord, today: string): string {
  if (!item.active) return 'Hidden (inactive)';
  if (item.published_on > today) return `Scheduled for ${item.published_on}`;
  if (item.expires_on !== null && item.expires_on < today) return `Expired ${item.expires_on}`;
  return item.expires_on === null ? 'Shown' : `Shown until ${item.expires_on}`;
}

/** News: the items of the public Important Information page and the latest news banner, in their public order. */
export default function NewsManagementPage() {
  const allowed = useCanManageNews();
  return (
    <ScreenPage
      title="News"
      description="The items of the public Important Information page, in its order. The first item marked for the banner is shown across the top of public pages."
    >
      {allowed ? <NewsList /> : <NotPermitted />}
    </ScreenPage>
  );
}

function NewsList() {
  const news = useListNewsQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteNews] = useDeleteNewsMutation();
  const [moveNews] = useMoveNewsMutation();
  const deletion = useConfirmedDelete<NewsRecord>({
    nameOf: (n) => n.title,
    remove: (n) => deleteNews(n.news_id).unwrap(),
    failure: 'The news item could not be deleted.',
    onDeleted: setNotice,
  });
  const moves = useRankMoves<NewsRecord>({
    items: news.data,
    idOf: (n) => n.news_id,
    nameOf: (n) => n.title,
    move: (n, direction) => moveNews({ id: n.news_id, direction }).unwrap(),
    onMoved: setNotice,
  });
  const today = localToday();

  return (
    <>
      <ManagementList
        items={news.data}
        isLoading={news.isLoading}
        isError={news.isError}
        onRetry={news.refetch}
        noun="news items"
        loadError="The news items could not be loaded."
        add={{ to: `${NEWS_PATH}/new`, label: 'Add a news item' }}
        search={{
          id: 'news-search',
          label: 'Find by title or summary',
          matches: (n, needle) => [n.title, n.summary].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="News items, in public order">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Published</th>
                <th scope="col">On the public site</th>
                <th scope="col">Banner</th>
                <th scope="col">Order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((n) => (
                <tr key={n.news_id}>
                  <th scope="row" data-label="Title" className="news-management__title">
                    <Link to={`${NEWS_PATH}/${n.news_id}`} aria-label={`Edit ${n.title}`}>
                      {n.title}
                    </Link>
                  </th>
                  <td data-label="Published" className="news-management__date">
                    {n.published_on}
                  </td>
                  <td data-label="On the public site">{newsState(n, today)}</td>
                  <td data-label="Banner">{n.is_banner ? 'Yes' : 'No'}</td>
                  <td data-label="Order">{moves.buttons(n)}</td>
                  <td data-label="Actions">{deletion.button(n)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-news-dialog', <p>The item leaves the public Important Information page and the banner at once, and its images are deleted.</p>)}
    </>
  );
}
