import { ErrorMessage, Table } from '@trussworks/react-uswds';
import {
  ACCESS_LEVELS,
  PERMISSION_AREAS,
  accessLevelRank,
  type AccessLevel,
  type PermissionArea,
  type ProgramPermissionLevels,
  type ProgramRules,
} from '@beach/domain';
import type { ManageableOrganization } from './api';
import { AREA_LABELS, LEVEL_LABELS } from './labels';

interface PermissionGridProps {
  organization: ManageableOrganization | undefined;
  value: ProgramRules;
  onChange: (value: ProgramRules) => void;
  /**
   * Levels the user already holds in this organization. The server lets a held level stay even when the
   * organization's cap was lowered since (keeping is not granting), so the grid offers it too.
   */
  held?: ProgramRules;
  /** Server messages keyed `programRules.<abbv>.<AREA>` (or `programRules.<abbv>`). */
  errors?: Record<string, string>;
}

/** The levels that may be chosen in one cell: up to the organization's cap, plus a level already held. */
export function allowedLevels(cap: AccessLevel, held: AccessLevel | undefined): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => accessLevelRank(level) <= accessLevelRank(cap) || level === held);
}

/** The form's programRules for sending: only the organization's programs, only levels above NONE. */
export function cleanProgramRules(value: ProgramRules, organization: ManageableOrganization | undefined): ProgramRules {
  const out: ProgramRules = {};
  for (const program of organization?.programs ?? []) {
    const levels = value[program.abbv] ?? {};
    const kept: ProgramPermissionLevels = {};
    for (const area of PERMISSION_AREAS) {
      const level = levels[area];
      if (level && level !== 'NONE') kept[area] = level;
    }
    if (Object.keys(kept).length > 0) out[program.abbv] = kept;
  }
  return out;
}

const cellId = (abbv: string, area: PermissionArea) => `permission-${abbv}-${area}`.replace(/[^A-Za-z0-9_-]/g, '_');

/**
 * Permission areas × the organization's programs, a NONE / USER / ADMIN select in each cell. The choices stop at what the
 * organization allows its users in that program (the caps from user/filters/), so a manager cannot pick
 * what the server would refuse.
 */
export function PermissionGrid({ organization, value, onChange, held = {}, errors = {} }: PermissionGridProps) {
  if (!organization) {
    return <p className="usa-hint">Choose an organization to set the user’s program permissions.</p>;
  }
  if (organization.programs.length === 0) {
    return <p className="usa-hint">{organization.name} takes part in no program, so its users can hold no program permissions.</p>;
  }

  const setLevel = (abbv: string, area: PermissionArea, level: AccessLevel) =>
    onChange({ ...value, [abbv]: { ...value[abbv], [area]: level } });

  const messages = Object.entries(errors).filter(([field]) => field.startsWith('programRules'));

  return (
    <>
      {messages.map(([field, message]) => (
        <ErrorMessage key={field} id={`${field}-error`}>
          {message}
        </ErrorMessage>
      ))}
      <div className="overflow-x-auto">
        <Table bordered compact fullWidth caption="Permissions per program (the organization’s rules limit the choices)">
          <thead>
            <tr>
              <th scope="col">Permission</th>
              {organization.programs.map((program) => (
                <th key={program.program_id} scope="col" id={`program-col-${program.program_id}`}>
                  {program.abbv} - {program.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PERMISSION_AREAS.map((area) => (
              <tr key={area}>
                <th scope="row" id={`area-${area}`}>
                  {AREA_LABELS[area]}
                </th>
                {organization.programs.map((program) => {
                  const current = value[program.abbv]?.[area] ?? 'NONE';
                  const heldLevel = held[program.abbv]?.[area];
                  const choices = allowedLevels(program.caps[area], heldLevel);
                  const id = cellId(program.abbv, area);
                  const error = errors[`programRules.${program.abbv}.${area}`];
                  return (
                    <td key={program.program_id}>
                      <select
                        id={id}
                        name={id}
                        className={error ? 'usa-select usa-input--error margin-top-0' : 'usa-select margin-top-0'}
                        aria-labelledby={`area-${area} program-col-${program.program_id}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `programRules.${program.abbv}.${area}-error` : undefined}
                        value={current}
                        disabled={choices.length === 1 && current === 'NONE'}
                        onChange={(event) => setLevel(program.abbv, area, event.target.value as AccessLevel)}
                      >
                        {choices.map((level) => (
                          <option key={level} value={level}>
                            {LEVEL_LABELS[level]}
                            {accessLevelRank(level) > accessLevelRank(program.caps[area]) ? ' (above the organization’s limit)' : ''}
                          </option>
                        ))}
                      </select>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
