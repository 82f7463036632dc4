import { useEffect } from 'react';

export const SITE_NAME = 'Beach Portal';

/** Each screen names itself in the browser tab, so screen-reader users hear where a navigation landed. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
