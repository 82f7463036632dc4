import { AGENCY } from '../agency';

/** The copyright line; `holder` lets the public layout name the state in the visitor's language. */
export function Copyright({ holder = AGENCY.state }: { holder?: string }) {
  return (
    <p className="margin-0">
      &copy; {AGENCY.copyrightStartYear}&ndash;{new Date().getFullYear()} {holder}
    </p>
  );
}
