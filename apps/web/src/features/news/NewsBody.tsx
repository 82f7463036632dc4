import './news.css';

/**
 * A news item's body: HTML that the api's allow-list cleaned on save and again on the read that brought it
 * (paragraphs, h2-h4, bold, italic, lists, quotes, http(s)/mailto links, images of our own files), so it is
 * shown as it comes. Images keep to the column; headings keep the page's own sizes.
 */
export function NewsBody({ html, lang, className }: { html: string; lang?: string; className?: string }) {
  return <div className={`news-body usa-prose${className ? ` ${className}` : ''}`} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
