import { useLocation } from 'react-router';

/** A one-line success notice handed to the next page in the navigation state (`{ notice }`). */
export function useNotice(): string | null {
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}
