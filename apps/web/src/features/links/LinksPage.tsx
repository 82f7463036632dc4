import '../../styles/uswds/content.scss';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { usePublicLinksQuery, type ExternalLink } from './api';
import '../../i18n/page-text';

/** Links and Partners (/links-and-partners): the agency's external links, grouped by category in rank order. */
export default function LinksPage() {
  const { t } = usePublicText();
  const query = usePublicLinksQuery();
  const links = query.data ?? [];
  const groups = new Map<string, ExternalLink[]>();
  for (const link of links) groups.set(link.category, [...(groups.get(link.category) ?? []), link]);

  return (
    <PublicPage title={t('links.title')} intro={t('links.intro')}>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        isEmpty={links.length === 0}
        emptyText={t('links.empty')}
      >
        {[...groups].map(([category, items]) => (
          <section key={category || '-'} aria-label={category || undefined} lang={CONTENT_LANGUAGE}>
            {category && <h2>{category}</h2>}
            <ul className="usa-list usa-list--unstyled link-list">
              {items.map((link) => (
                <li key={link.link_id}>
                  <a className="usa-link usa-link--external" href={link.url} rel="noopener noreferrer">
                    {link.title}
                  </a>
                  {link.description && <p className="margin-top-05 margin-bottom-0">{link.description}</p>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </QueryState>
    </PublicPage>
  );
}
