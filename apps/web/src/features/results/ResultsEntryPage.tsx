import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button } from '@trussworks/react-uswds';
import { accessiblePrograms, programSelectionMessage, sampleDateSchema } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ProgramPrompt } from '../../components/ProgramPrompt';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetRemarkCodesQuery, useGetResultFiltersQuery, useGetResultsGridQuery, type GridKey } from './api';
import { EntryGrid } from './EntryGrid';
import { LabUpload } from './LabUpload';
import type { EntryProgram, ResultFilters } from '@beach/domain';
import './results.css';

/** Results Entry (/portal/results): the selected program's stations for one organization and day. */
export default function ResultsEntryPage() {
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const message = user ? programSelectionMessage(user, selectedProgramId) : null;
  const programs = user ? accessiblePrograms(user) : [];
  const programId = selectedProgramId ?? (programs.length === 1 ? programs[0]!.program_id : null);
  return (
    <ScreenPage title="Results Entry" description="Enter water-quality sample results for your program’s stations, by hand or from a lab file.">
      {message ? (
        <ProgramPrompt message={message} />
      ) : programId === null ? (
        <p>You do not hold permissions in any program yet.</p>
      ) : (
        <Entry programId={programId} />
      )}
    </ScreenPage>
  );
}

function Entry({ programId }: { programId: number }) {
  const filters = useGetResultFiltersQuery();
  const remarks = useGetRemarkCodesQuery();
  if (filters.isLoading || remarks.isLoading) return <Loading label="Loading the entry choices…" />;
  if (filters.isError || remarks.isError || !filters.data || !remarks.data) {
    const error = filters.error ?? remarks.error;
    return (
      <LoadError
        message={`The entry choices could not be loaded. ${error ? errorMessage(toApiError(error), '') : ''}`.trim()}
        onRetry={() => {
          void filters.refetch();
          void remarks.refetch();
        }}
      />
    );
  }
  const program = filters.data.programs.find((p) => p.program_id === programId);
  if (!program) {
    return (
      <Alert type="warning" headingLevel="h2" slim>
        You cannot enter results in the selected program: that needs data editing access there. Choose another program, or ask an
        administrator.
      </Alert>
    );
  }
  if (program.organizations.length === 0) {
    return (
      <Alert type="warning" headingLevel="h2" slim>
        No organization you may enter results for takes part in {program.name}.
      </Alert>
    );
  }
  return <EntryScreen key={program.program_id} program={program} filters={filters.data} remarks={remarks.data} />;
}

interface Choice {
  organizationId: string;
  date: string;
}

function EntryScreen({ program, filters, remarks }: { program: EntryProgram; filters: ResultFilters; remarks: NonNullable<ReturnType<typeof useGetRemarkCodesQuery>['data']> }) {
  const firstOrganization = program.organizations.length === 1 ? String(program.organizations[0]!.organization_id) : '';
  const [choice, setChoice] = useState<Choice>({ organizationId: firstOrganization, date: filters.today });
  const [applied, setApplied] = useState<Choice | null>(firstOrganization ? { organizationId: firstOrganization, date: filters.today } : null);
  const [choiceErrors, setChoiceErrors] = useState<Partial<Record<keyof Choice, string>>>({});
  const [parameterId, setParameterId] = useState(String(program.default_parameter_id ?? filters.parameters[0]?.parameter_id ?? ''));
  const [dirty, setDirty] = useState(0);
  const [pending, setPending] = useState<Choice | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const key: GridKey | typeof skipToken = applied
    ? { programId: program.program_id, organizationId: Number(applied.organizationId), date: applied.date }
    : skipToken;
  // Refetching on focus or reconnect would replace what is being typed; the grid reloads when asked to.
  const grid = useGetResultsGridQuery(key, { refetchOnFocus: false, refetchOnReconnect: false });

  // The server's own day, so a browser clock that is off does not move "tomorrow".
  const dateSchema = sampleDateSchema({ timeZone: 'UTC', now: () => new Date(`${filters.today}T12:00:00Z`) });

  const apply = (next: Choice) => {
    setApplied(next);
    setDirty(0);
    setNotice(null);
    setPending(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<keyof Choice, string>> = {};
    if (!choice.organizationId) problems.organizationId = 'Choose an organization';
    const date = dateSchema.safeParse(choice.date);
    if (!date.success) problems.date = date.error.issues[0]!.message;
    setChoiceErrors(problems);
    if (Object.keys(problems).length > 0) {
      document.getElementById(problems.organizationId ? 'entry-organization' : 'entry-date')?.focus();
      return;
    }
    if (applied && applied.organizationId === choice.organizationId && applied.date === choice.date) {
      if (dirty === 0) void grid.refetch();
      return;
    }
    if (dirty > 0) setPending(choice);
    else apply(choice);
  };

  const organization = program.organizations.find((o) => String(o.organization_id) === applied?.organizationId);
  const defaults = { parameterId: Number(parameterId), unitId: program.default_result_unit_id ?? filters.units[0]?.result_unit_id ?? 1 };

  return (
    <>
      <form className="results-choice" onSubmit={submit} noValidate aria-label="Which results">
        <div className="results-choice__program">
          <span className="usa-label margin-top-0">Program</span>
          <p className="margin-y-05 text-bold">
            {program.name} ({program.abbv})
          </p>
          <span className="usa-hint">Change it with the program selector.</span>
        </div>
        <Field id="entry-organization" label="Organization" error={choiceErrors.organizationId} className="margin-top-0">
          {(a11y) => (
            <select
              {...a11y}
              className="usa-select"
              name="organization"
              value={choice.organizationId}
              onChange={(event) => setChoice({ ...choice, organizationId: event.target.value })}
            >
              {program.organizations.length > 1 && <option value="">- Choose -</option>}
              {program.organizations.map((o) => (
                <option key={o.organization_id} value={String(o.organization_id)}>
                  {o.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="entry-date" label="Sample date" hint="Not later than tomorrow." error={choiceErrors.date} className="margin-top-0">
          {(a11y) => (
            <input
              {...a11y}
              className="usa-input"
              type="date"
              name="date"
              max={filters.max_date}
              value={choice.date}
              onChange={(event) => setChoice({ ...choice, date: event.target.value })}
            />
          )}
        </Field>
        <Field id="entry-parameter" label="Parameter of new results" className="margin-top-0">
          {(a11y) => (
            <select {...a11y} className="usa-select" name="parameter" value={parameterId} onChange={(event) => setParameterId(event.target.value)}>
              {filters.parameters.map((p) => (
                <option key={p.parameter_id} value={String(p.parameter_id)}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="results-choice__submit">
          <Button type="submit">Show results</Button>
        </div>
      </form>

      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status" className="margin-top-2">
          {notice}
        </Alert>
      )}

      {applied && (
        <section aria-labelledby="grid-heading" className="margin-top-3">
          <h2 id="grid-heading">
            Results of {organization?.name ?? 'the organization'} on {applied.date}
          </h2>
          {grid.isFetching ? (
            <Loading label="Loading the stations and results…" />
          ) : grid.isError || !grid.data ? (
            <LoadError
              message={`The results could not be loaded. ${grid.error ? errorMessage(toApiError(grid.error), '') : ''}`.trim()}
              onRetry={() => void grid.refetch()}
            />
          ) : (
            <EntryGrid
              key={`${grid.data.organization.organization_id}-${grid.data.sample_date}-${grid.fulfilledTimeStamp ?? 0}`}
              grid={grid.data}
              remarks={remarks}
              units={filters.units}
              defaults={defaults}
              onNotice={setNotice}
              onDirtyChange={setDirty}
            />
          )}
        </section>
      )}

      {applied && organization && (
        <LabUpload
          programId={program.program_id}
          programName={program.name}
          organizationId={organization.organization_id}
          organizationName={organization.name}
          onCommitted={(text) => {
            if (dirty === 0) {
              setNotice(text);
              void grid.refetch();
            } else setNotice(`${text} Show results again to see them in the grid; your unsaved changes there are kept until then.`);
          }}
        />
      )}

      <ConfirmDialog
        id="discard-changes-dialog"
        open={pending !== null}
        heading="Discard unsaved changes?"
        confirmLabel="Discard and continue"
        destructive
        onConfirm={() => pending && apply(pending)}
        onCancel={() => setPending(null)}
      >
        <p>
          {dirty === 1 ? 'One row has' : `${dirty} rows have`} changes that are not saved. Showing other results throws them away.
        </p>
      </ConfirmDialog>
    </>
  );
}
