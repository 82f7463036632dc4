/** First focusable element of every page: jumps past the header to the page's main landmark. */
export function SkipLink({ label = 'Skip to main content' }: { label?: string }) {
  return (
    <a
      className="usa-skipnav"
      href="#main-content"
      onClick={(event) => {
        const main = document.getElementById('main-content');
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView?.();
      }}
    >
      {label}
    </a>
  );
}
