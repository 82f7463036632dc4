import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Label, Select, SideNav } from '@trussworks/react-uswds';
import {
  MESSAGES,
  isSectionOpen,
  portalMenu,
  programOptions,
  programSelectionMessage,
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

/** The program selector and its message (SPEC 2, Menu behaviour). */
export function ProgramSelector({ idPrefix }: { idPrefix: string }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  if (!user) return null;

  const message = programSelectionMessage(user, selectedProgramId);
  const id = `${idPrefix}-program`;
  return (
    <div className="margin-bottom-2">
      {showProgramSelector(user) && (
        <>
          <Label htmlFor={id}>Program</Label>
          <Select
            id={id}
            name="program"
            value={selectedProgramId === null ? '' : String(selectedProgramId)}
            onChange={(event) =>
              dispatch(setSelectedProgram(event.target.value === '' ? null : Number(event.target.value)))
            }
          >
            {selectedProgramId === null && (
              <option value="" disabled hidden>
                {MESSAGES.selectProgram}
              </option>
            )}
            <option value="">{MESSAGES.noProgram}</option>
            {programOptions(user).map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
              </option>
            ))}
          </Select>
        </>
      )}
      {message && (
        <Alert type={message === MESSAGES.missingProgramPermissions ? 'error' : 'info'} headingLevel="h2" slim>
          {message}
        </Alert>
      )}
    </div>
  );
}
