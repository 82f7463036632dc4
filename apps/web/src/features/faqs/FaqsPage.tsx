import '../../styles/uswds/content.scss';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { photoSources } from '../../components/photo-sources';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { usePublicFaqsQuery, type Faq } from './api';
import '../../i18n/page-text';

/** FAQs (/faqs): each question opens its answer and photos (USWDS accordion); #faq-{id} opens that one. */
export default function FaqsPage() {
  const { t } = usePublicText();
  const query = usePublicFaqsQuery();
  const { hash } = useLocation();
  const linked = Number(/^#faq-(\d+)$/.exec(hash)?.[1] ?? NaN);
  // What the visitor opened or closed; an answer linked from search (/faqs#faq-3) starts open.
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  const isOpen = (id: number) => toggled.get(id) ?? id === linked;
  const faqs = query.data ?? [];

  // Scroll to the linked question once the list is there.
  useEffect(() => {
    if (Number.isNaN(linked) || faqs.length === 0) return;
    document.getElementById(`faq-${linked}`)?.scrollIntoView?.();
  }, [linked, faqs.length]);

  const toggle = (id: number) => setToggled((current) => new Map(current).set(id, !isOpen(id)));

  return (
    <PublicPage title={t('faqs.title')} intro={t('faqs.intro')}>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        isEmpty={faqs.length === 0}
        emptyText={t('faqs.empty')}
      >
        <div className="usa-accordion usa-accordion--bordered usa-accordion--multiselectable" lang={CONTENT_LANGUAGE}>
          {faqs.map((faq) => (
            <FaqItem key={faq.faq_id} faq={faq} expanded={isOpen(faq.faq_id)} onToggle={() => toggle(faq.faq_id)} />
          ))}
        </div>
      </QueryState>
    </PublicPage>
  );
}

function FaqItem({ faq, expanded, onToggle }: { faq: Faq; expanded: boolean; onToggle: () => void }) {
  const contentId = `faq-${faq.faq_id}-answer`;
  return (
    <>
      <h2 className="usa-accordion__heading" id={`faq-${faq.faq_id}`}>
        <button type="button" className="usa-accordion__button" aria-expanded={expanded} aria-controls={contentId} onClick={onToggle}>
          {faq.question}
        </button>
      </h2>
      <div id={contentId} className="usa-accordion__content usa-prose" hidden={!expanded}>
        {faq.answer
          .split(/\n\s*\n/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        {faq.photos.length > 0 && (
          <ul className="photo-grid usa-list--unstyled">
            {faq.photos.map((photo) => (
              <li key={photo.faq_photo_id}>
                <figure className="margin-0">
                  <img {...photoSources(photo.file, photo.width, photo.height, '(min-width: 40em) 25vw, 100vw')} alt={photo.title === 'N/A' ? '' : photo.title} loading="lazy" />
                  {photo.desc && photo.desc !== 'N/A' && photo.desc !== photo.title && <figcaption>{photo.desc}</figcaption>}
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
