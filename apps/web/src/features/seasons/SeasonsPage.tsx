import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, ButtonGroup, Fieldset, Form, Grid, Table, Tag } from '@trussworks/react-uswds';
import { accessiblePrograms, seasonInYear, seasonProblems, seasonSaveSchema, YEAR_MAX, YEAR_MIN, type SeasonSave, type SeasonSaveInput } from '@beach/domain';
import type { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { useCopySeasonMutation, useDeleteSeasonMutation, useListSeasonsQuery, useSaveSeasonMutation, type SeasonRecord, type SeasonsPayload } from './api';

const ROUTE = '/portal/program/administration/seasons';

/** Seasons (Program Administration, issue 25): the selected program's swimming seasons by year. */
export default function SeasonsPage() {
  return (
    <ScreenPage title="Seasons" description="The program’s swimming seasons by year: out of season the public map shows Not Monitored.">
      <ProgramGate route={ROUTE}>{(programId) => <Seasons key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

/** A day as people read it: "Friday, May 22, 2026". */
const longDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDay = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** What today means for the program: in season, pre-season sampling, or Not Monitored (and until when). */
function todayText(payload: SeasonsPayload): string {
  const year = Number(payload.today.slice(0, 4));
  const current = payload.list.find((s) => s.year === year);
  if (!current) return `The program has no ${year} season: every beach shows Not Monitored on the public map until one is added.`;
  if (payload.today < current.preseason_start) return `The ${year} season has not begun: pre-season sampling starts ${longDay(current.preseason_start)}. Until then the public map shows Not Monitored.`;
  if (payload.today < current.start_date) return `Pre-season sampling: the ${year} swimming season starts ${longDay(current.start_date)}.`;
  if (payload.today <= current.end_date) return `In season: the ${year} swimming season runs until ${longDay(current.end_date)}.`;
  const next = payload.list.find((s) => s.year === year + 1);
  return next
    ? `The ${year} season has ended; the ${year + 1} season starts ${longDay(next.start_date)}. The public map shows Not Monitored until then.`
    : `The ${year} season has ended and the ${year + 1} dates are not set: the public site says they have not been announced.`;
}

type Editing = { year: number; initial: SeasonSaveInput; isNew: boolean };

function Seasons({ programId }: { programId: number }) {
  const user = useAppSelector((state) => state.user.user);
  const programName = accessiblePrograms(user!).find((p) => p.program_id === programId)?.name ?? 'the program';
  const seasons = useListSeasonsQuery(programId);
  const [copy, copying] = useCopySeasonMutation();
  const [remove, removing] = useDeleteSeasonMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<SeasonRecord | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (seasons.isLoading) return <Loading label="Loading seasons…" />;
  if (seasons.isError || !seasons.data) {
    return <LoadError message={errorMessage(toApiError(seasons.error), 'The seasons could not be loaded.')} onRetry={seasons.refetch} />;
  }
  const payload = seasons.data;
  const list = payload.list;
  const thisYear = Number(payload.today.slice(0, 4));
  const years = new Set(list.map((s) => s.year));
  const latest = list[0];
  // A new season starts from the latest one's weekdays (Memorial Day weekend to Labor Day), or empty.
  const newSeason = (year: number): Editing => {
    const from = latest ? seasonInYear({ preseasonStart: latest.preseason_start, startDate: latest.start_date, endDate: latest.end_date }, year) : null;
    return {
      year,
      isNew: true,
      initial: from ? { preseason_start: from.preseasonStart, start_date: from.startDate, end_date: from.endDate } : { preseason_start: '', start_date: '', end_date: '' },
    };
  };
  const nextFree = years.has(thisYear) ? Math.max(thisYear, ...years) + 1 : thisYear;

  const copyForward = async (season: SeasonRecord) => {
    setActionError(null);
    try {
      const made = await copy({ programId, year: season.year }).unwrap();
      setNotice(`The ${made.year} season was added: ${shortDay(made.start_date)} to ${shortDay(made.end_date)}, sampling from ${shortDay(made.preseason_start)}. Check the dates against this year’s calendar.`);
    } catch (thrown) {
      setActionError(errorMessage(toApiError(thrown), `The ${season.year + 1} season could not be added.`));
    }
  };

  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      {actionError && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {actionError}
        </Alert>
      )}
      <Alert type={years.has(thisYear) ? 'info' : 'warning'} headingLevel="h2" slim>
        <strong>{programName}, today ({longDay(payload.today)}):</strong> {todayText(payload)}
      </Alert>
      {payload.can_edit && !editing && (
        <p className="margin-y-2">
          <Button type="button" onClick={() => setEditing(newSeason(nextFree))}>
            Add the {nextFree} season
          </Button>
        </p>
      )}
      {editing && (
        <SeasonForm
          key={`${editing.year}-${editing.isNew}`}
          programId={programId}
          editing={editing}
          taken={years}
          onDone={(message) => {
            setEditing(null);
            if (message) setNotice(message);
          }}
        />
      )}
      {list.length === 0 ? (
        <p>{programName} has no seasons yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table bordered compact fullWidth stackedStyle="default" caption={`Seasons of ${programName}, newest first`}>
            <thead>
              <tr>
                <th scope="col">Year</th>
                <th scope="col">Pre-season sampling from</th>
                <th scope="col">Swimming season</th>
                <th scope="col">Days</th>
                {payload.can_edit && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.year}>
                  <th scope="row" data-label="Year" className="text-no-wrap">
                    {s.year} {s.year === thisYear && <Tag className="bg-primary-dark">This year</Tag>}
                  </th>
                  <td data-label="Pre-season sampling from">{shortDay(s.preseason_start)}</td>
                  <td data-label="Swimming season">
                    {shortDay(s.start_date)} to {shortDay(s.end_date)}
                  </td>
                  <td data-label="Days">{s.days}</td>
                  {payload.can_edit && (
                    <td data-label="Actions">
                      <ButtonGroup type="default">
                        <Button type="button" unstyled onClick={() => setEditing({ year: s.year, isNew: false, initial: { preseason_start: s.preseason_start, start_date: s.start_date, end_date: s.end_date } })}>
                          Edit <span className="usa-sr-only">the {s.year} season</span>
                        </Button>
                        {!years.has(s.year + 1) && (
                          <Button type="button" unstyled disabled={copying.isLoading} onClick={() => void copyForward(s)}>
                            Copy to {s.year + 1}
                          </Button>
                        )}
                        <Button type="button" unstyled className="text-secondary-dark" onClick={() => { setDeleteError(null); setDeleting(s); }}>
                          Delete <span className="usa-sr-only">the {s.year} season</span>
                        </Button>
                      </ButtonGroup>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        id="delete-season-dialog"
        open={deleting !== null}
        heading={`Delete the ${deleting?.year} season?`}
        confirmLabel="Delete season"
        destructive
        busy={removing.isLoading}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove({ programId, year: deleting.year }).unwrap();
            setNotice(`The ${deleting.year} season was deleted.`);
            setDeleting(null);
          } catch (thrown) {
            setDeleteError(errorMessage(toApiError(thrown), 'The season could not be deleted.'));
          }
        }}
      >
        <p>
          Without a season the program’s beaches show Not Monitored on the public map that year
          {deleting?.year === thisYear ? ', from now on' : ''}. Results and statuses already recorded are kept.
        </p>
      </ConfirmDialog>
    </>
  );
}

const FIELDS = ['preseason_start', 'start_date', 'end_date'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  preseason_start: 'Pre-season sampling starts',
  start_date: 'Swimming season starts',
  end_date: 'Swimming season ends (last day)',
};

function SeasonForm({ programId, editing, taken, onDone }: { programId: number; editing: Editing; taken: Set<number>; onDone: (notice: string | null) => void }) {
  const [save] = useSaveSeasonMutation();
  const [year, setYear] = useState(String(editing.year));
  const yearNumber = Number(year);
  const yearProblem = !/^\d{4}$/.test(year) || yearNumber < YEAR_MIN || yearNumber > YEAR_MAX
    ? `Year must be a whole number from ${YEAR_MIN} to ${YEAR_MAX}`
    : editing.isNew && taken.has(yearNumber)
      ? `The program already has a ${year} season: edit it in the list instead`
      : null;
  // The server's own checks (seasonProblems), so the form says the same before it sends anything.
  const schema = seasonSaveSchema.superRefine((v, ctx) => {
    if (yearProblem) return;
    for (const p of seasonProblems({ year: yearNumber, preseasonStart: v.preseason_start, startDate: v.start_date, endDate: v.end_date })) {
      ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
    }
  }) as z.ZodType<SeasonSave, SeasonSaveInput>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SeasonSaveInput, unknown, SeasonSave>({ resolver: zodResolver(schema), defaultValues: editing.initial });
  const { failure, submit } = useServerFailure<SeasonSave>(
    async (values) => {
      if (yearProblem) return;
      const saved = await save({ programId, year: yearNumber, body: values }).unwrap();
      onDone(`The ${saved.year} season was saved: ${shortDay(saved.start_date)} to ${shortDay(saved.end_date)} (${saved.days} days). The public map uses it at once.`);
    },
    (field, text) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setError(field as (typeof FIELDS)[number], { type: 'server', message: text });
      return true;
    },
    'The season could not be saved.',
  );
  const summary = [
    ...(yearProblem ? [{ id: 'season-year', message: yearProblem }] : []),
    ...FIELDS.flatMap((f) => (errors[f]?.message ? [{ id: `season-${f}`, message: errors[f]!.message! }] : [])),
  ];
  return (
    <section aria-labelledby="season-form-heading" className="margin-y-3 padding-2 border-1px border-base-lighter radius-md">
      <h2 id="season-form-heading" className="margin-top-0">
        {editing.isNew ? 'Add a season' : `Edit the ${editing.year} season`}
      </h2>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full">
        <Fieldset legend="Dates" legendStyle="srOnly">
          <Grid row gap>
            <Grid tablet={{ col: 3 }}>
              <Field id="season-year" label="Year" error={yearProblem ?? undefined}>
                {(a11y) => (
                  <input {...a11y} className="usa-input" type="number" inputMode="numeric" min={YEAR_MIN} max={YEAR_MAX} value={year} readOnly={!editing.isNew} onChange={(e) => setYear(e.target.value)} />
                )}
              </Field>
            </Grid>
            {FIELDS.map((f) => (
              <Grid tablet={{ col: 3 }} key={f}>
                <Field id={`season-${f}`} label={LABELS[f]} error={errors[f]?.message}>
                  {(a11y) => <input {...a11y} className="usa-input" type="date" {...register(f)} />}
                </Field>
              </Grid>
            ))}
          </Grid>
          <p className="usa-hint">Typically Memorial Day weekend to Labor Day, with pre-season sampling from mid-May. Dates are inclusive.</p>
        </Fieldset>
        <ButtonGroup>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save season'}
          </Button>
          <Button type="button" outline onClick={() => onDone(null)}>
            Cancel
          </Button>
        </ButtonGroup>
      </Form>
    </section>
  );
}
