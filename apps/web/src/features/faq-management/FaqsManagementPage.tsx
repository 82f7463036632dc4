import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { portalAbilities, type FaqRecord } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { useRankMoves } from '../../components/management/rank-buttons';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteFaqMutation, useListFaqsQuery, useMoveFaqMutation } from './api';
import './faq-management.css';

export const FAQS_PATH = '/portal/website-management/faqs';

/** Website Management is for organization admins (SPEC 6): the rule that shows its menu links. */
export function useCanManageFaqs(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[FAQS_PATH] : false;
}

/** FAQs: the questions and answers of the public FAQ page, in its order. */
export default function FaqsManagementPage() {
  const allowed = useCanManageFaqs();
  return (
    <ScreenPage title="FAQs" description="Questions and answers on the public site, in the order the FAQ page shows them.">
      {allowed ? <Faqs /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Faqs() {
  const faqs = useListFaqsQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteFaq] = useDeleteFaqMutation();
  const [moveFaq] = useMoveFaqMutation();
  const deletion = useConfirmedDelete<FaqRecord>({
    nameOf: (f) => f.question,
    remove: (f) => deleteFaq(f.faq_id).unwrap(),
    failure: 'The FAQ could not be deleted.',
    onDeleted: setNotice,
  });
  const moves = useRankMoves<FaqRecord>({
    items: faqs.data,
    idOf: (f) => f.faq_id,
    nameOf: (f) => f.question,
    move: (f, direction) => moveFaq({ id: f.faq_id, direction }).unwrap(),
    onMoved: setNotice,
  });

  return (
    <>
      <ManagementList
        items={faqs.data}
        isLoading={faqs.isLoading}
        isError={faqs.isError}
        onRetry={faqs.refetch}
        noun="FAQs"
        loadError="The FAQs could not be loaded."
        add={{ to: `${FAQS_PATH}/new`, label: 'Add an FAQ' }}
        search={{
          id: 'faq-search',
          label: 'Find by question or answer',
          matches: (f, needle) => [f.question, f.answer].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="FAQs, in public order">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Photos</th>
                <th scope="col">Order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.faq_id}>
                  <th scope="row" data-label="Question">
                    <Link to={`${FAQS_PATH}/${f.faq_id}`} aria-label={`Edit ${f.question}`}>
                      {f.question}
                    </Link>
                  </th>
                  <td data-label="Photos">
                    {f.photos.length === 0 ? (
                      'None'
                    ) : (
                      <ul className="faq-management__thumbs usa-list--unstyled">
                        {f.photos.map((p) => (
                          <li key={p.faq_photo_id}>
                            <img src={p.thumbnail} alt={p.title === 'N/A' ? 'A photo' : p.title} width={p.width ?? undefined} height={p.height ?? undefined} loading="lazy" />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td data-label="Order">{moves.buttons(f)}</td>
                  <td data-label="Actions">{deletion.button(f)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-faq-dialog', <p>The question leaves the public FAQ page at once, and its photos are removed.</p>)}
    </>
  );
}
