import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Label, Select, SideNav } from '@trussworks/react-uswds';
import {
  MESSAGES,
  isSectionOpen,
  portalMenu,
  programOptions,
  showProgramSelector,
  type MenuSection,
} from '@beach/domain';
import { setSelectedProgram } from '../features/auth/user-slice';
import { useAppDispatch, useAppSelector } from './hooks';

/** The signed-in user's sidebar model; the domain's permission rules decide which links show. */
export function usePortalSections(): MenuSection[] {
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return user ? portalMenu(user, selectedProgramId) : [];
}

function isCurrent(pathname: string, route: string) {
  return pathname.replace(/\/+$/, '').toLowerCase() === route.toLowerCase();
}

interface PortalMenuProps {
  sections: MenuSection[];
  /** Distinguishes the sidebar's ids from the mobile menu's copy. */
  idPrefix: string;
  onNavigate?: () => void;
}

/** Sidebar sections and links; a section opens by itself when the current path lies under it. */
export function PortalMenu({ sections, idPrefix, onNavigate }: PortalMenuProps) {
  const { pathname } = useLocation();
  const [toggled, setToggled] = useState<Record<string, boolean>>({});

  const link = (route: string, label: string) => {
    const current = isCurrent(pathname, route);
    return (
      <Link
        key={route}
        to={route}
        className={current ? 'usa-current' : undefined}
        aria-current={current ? 'page' : undefined}
        onClick={onNavigate}
      >
        {label}
      </Link>
    );
  };

  const items = sections.map((section) => {
    if (section.kind === 'link') {
      const first = section.items[0];
      return first ? link(first.route, section.label) : null;
    }
    const open = toggled[section.key] ?? isSectionOpen(section, pathname);
    const listId = `${idPrefix}-${section.key}`;
    return (
      <div key={section.key} className="portal-menu__section">
        <button
          type="button"
          className="portal-menu__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setToggled((state) => ({ ...state, [section.key]: !open }))}
        >
          {section.label}
        </button>
        <div id={listId} hidden={!open}>
          <SideNav isSubnav items={section.items.map((item) => link(item.route, item.label))} />
        </div>
      </div>
    );
  });

  return <SideNav items={items.filter((item) => item !== null)} />;
}

/**
 * The program selector (SPEC 2, Menu behaviour): '[abbreviation] - name' per program, '-No Program-', and
 * 'Select a program' while none is chosen (or the chosen one is no longer the user's). Nothing for a user with
 * fewer than 2 programs. Its messages are the page's (ProgramPrompt), shown once where a program matters.
 */
export function ProgramSelector({ idPrefix, className = 'margin-bottom-2' }: { idPrefix: string; className?: string }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  if (!user || !showProgramSelector(user)) return null;

  const options = programOptions(user);
  const chosen = options.some((option) => option.value === selectedProgramId) ? String(selectedProgramId) : '';
  const id = `${idPrefix}-program`;
  return (
    <div className={className}>
      <Label htmlFor={id}>Program</Label>
      <Select
        id={id}
        name="program"
        value={chosen}
        onChange={(event) => dispatch(setSelectedProgram(event.target.value === '' ? null : Number(event.target.value)))}
      >
        {chosen === '' && (
          <option value="" disabled hidden>
            {MESSAGES.selectProgram}
          </option>
        )}
        <option value="">{MESSAGES.noProgram}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
