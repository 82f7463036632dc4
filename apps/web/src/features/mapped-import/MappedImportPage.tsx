import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@trussworks/react-uswds';
import {
  accessiblePrograms,
  BUILT_IN_MAPPING_ID,
  can,
  IMPORT_MAPPING_CODES,
  isAdminOrganization,
  type ImportMappingPreview,
  type NewStationPlaces,
  type SavedImportMapping,
} from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { plural, RecentImports, Report, RunningImport, useImportJob } from '../legacy-import/import-job';
import { LEGACY_IMPORT_PATH } from '../legacy-import/paths';
import '../legacy-import/legacy-import.css';
import { useListPlacesQuery } from '../places/api';
import {
  useCreateImportMappingMutation,
  useDeleteImportMappingMutation,
  useListImportMappingsQuery,
  usePreviewImportMappingMutation,
  useUpdateImportMappingMutation,
} from './api';
import { draftFromHeader, draftProblems, readHeader, sameMapping, type Draft } from './draft';
import { MappingEditor } from './MappingEditor';
import type { PlaceChoices } from './PlacePicker';
import { PreviewView, type BeachPlace } from './PreviewView';
import './mapped-import.css';

const NEW = 'new';
/** The server's message as a sentence, so that advice can follow it. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const MAPPING_HINT = <p className="usa-hint">To take refused rows in, change the mapping above (its value maps, the value parser, where new stations go) and run the dry run again.</p>;

/**
 * Import Mapped Results (issue 29), for organization admins, beside DEP IT: Import Legacy Results: a file in
 * any agency's layout, read through a mapping saved for its source (or the built-in legacy layout), mapped
 * here, previewed, dry-run, then imported as a job, with the legacy import's report and progress.
 */
export default function MappedImportPage() {
  const me = useAppSelector((state) => state.user.user);
  const allowed = me ? isAdminOrganization(me.organization) : false;
  return (
    <ScreenPage
      title="Import Mapped Results"
      description="Bring in an agency’s results file in its own layout: map its columns once per source, preview, dry-run, then import in one piece."
    >
      <p>
        <Link to="/portal/website-management/dep-it/beaches-db">Back to DEP IT: Beaches Database Export</Link> ·{' '}
        <Link to={LEGACY_IMPORT_PATH}>Import legacy results</Link>
      </p>
      {allowed ? <MappedImport /> : <NotPermitted />}
    </ScreenPage>
  );
}

function MappedImport() {
  const me = useAppSelector((state) => state.user.user)!;
  const programs = accessiblePrograms(me).filter((p) => can(me, p.program_id, 'DATA_EDITING', 'ADMIN'));
  const mappings = useListImportMappingsQuery();
  const placesQuery = useListPlacesQuery();
  const places: PlaceChoices = { list: placesQuery.data ?? null, error: placesQuery.isError };

  const [programId, setProgramId] = useState<number | null>(programs[0]?.program_id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [inputKey, setInputKey] = useState(0);
  const [choice, setChoice] = useState<string>('');
  /** The saved mapping the draft was loaded from (or saved as); null for a new one. */
  const [saved, setSaved] = useState<SavedImportMapping | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportMappingPreview | null>(null);
  const [verified, setVerified] = useState(true);
  const [replay, setReplay] = useState(true);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const [previewFile, { isLoading: isPreviewing }] = usePreviewImportMappingMutation();
  const [create, { isLoading: isCreating }] = useCreateImportMappingMutation();
  const [update, { isLoading: isUpdating }] = useUpdateImportMappingMutation();
  const [remove, { isLoading: isDeleting }] = useDeleteImportMappingMutation();
  const job = useImportJob(setError);

  const program = programs.find((p) => p.program_id === programId) ?? null;
  const list = mappings.data?.list ?? [];
  const unchanged = saved !== null && sameMapping(draft, saved.mapping);
  const savedId = saved && saved.id !== BUILT_IN_MAPPING_ID ? (saved.id as number) : null;

  /** Anything the file or the mapping changes makes the preview and the dry run stale. */
  const resetResults = () => {
    setPreview(null);
    job.reset();
  };

  const changeDraft = (next: Draft) => {
    setDraft(next);
    setProblems([]);
    job.forgetCheck();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    resetResults();
    setError(null);
    setHeader(chosen ? await readHeader(chosen) : []);
  };

  const chooseMapping = (value: string) => {
    setChoice(value);
    resetResults();
    setNotice(null);
    setError(null);
    setProblems([]);
    if (value === '') {
      setSaved(null);
      setDraft(null);
    } else if (value === NEW) {
      setSaved(null);
      setDraft(draftFromHeader(header, file ? file.name.replace(/\.[^.]+$/, '') : 'New mapping'));
    } else {
      const found = list.find((m) => String(m.id) === value) ?? null;
      setSaved(found);
      setDraft(found ? structuredClone(found.mapping) : null);
    }
  };

  /** The draft, if the domain's schema takes it; else its problems are shown and nothing is sent. */
  const checkedDraft = (): Draft | null => {
    if (!draft) return null;
    const found = draftProblems(draft);
    setProblems(found);
    return found.length === 0 ? draft : null;
  };

  const runPreview = async () => {
    setError(null);
    job.reset();
    if (!file || !programId) {
      setError('Choose the program and a CSV file first.');
      return;
    }
    const mapping = checkedDraft();
    if (!mapping) return;
    try {
      setPreview(await previewFile({ file, program_id: programId, ...(unchanged && saved ? { mapping_id: saved.id } : { mapping }) }).unwrap());
    } catch (thrown) {
      setPreview(null);
      setError(errorMessage(toApiError(thrown), 'The file could not be previewed.'));
    }
  };

  const save = async (asNew: boolean) => {
    setError(null);
    setNotice(null);
    const mapping = checkedDraft();
    if (!mapping) return;
    try {
      const result =
        savedId !== null && !asNew && saved?.version != null
          ? await update({ id: savedId, mapping, version: saved.version }).unwrap()
          : await create({ mapping }).unwrap();
      setSaved(result);
      setDraft(structuredClone(result.mapping));
      setChoice(String(result.id));
      setNotice(`Saved the mapping “${result.name}”.`);
    } catch (thrown) {
      const e = toApiError(thrown);
      if (e.code === IMPORT_MAPPING_CODES.IMPORT_MAPPING_NAME_TAKEN) setError(`${sentence(e.message ?? 'Another mapping has this name')} Choose another name.`);
      else if (e.code === IMPORT_MAPPING_CODES.IMPORT_MAPPING_CHANGED)
        setError(`${sentence(e.message ?? 'The mapping was changed since it was loaded')} Choose it again in the list to load the saved version, or save yours as a new mapping.`);
      else setError(errorMessage(e, 'The mapping could not be saved.'));
    }
  };

  const deleteMapping = async () => {
    if (savedId === null) return;
    setDeleteError(null);
    try {
      await remove(savedId).unwrap();
      setConfirmDelete(false);
      const name = saved?.name;
      chooseMapping('');
      setNotice(`Deleted the mapping “${name}”.`);
    } catch (thrown) {
      setDeleteError(errorMessage(toApiError(thrown), 'The mapping could not be deleted.'));
    }
  };

  const dryRun = async () => {
    setError(null);
    job.reset();
    if (!file || !program) {
      setError('Choose the program and a CSV file first.');
      return;
    }
    const mapping = checkedDraft();
    if (!mapping) return;
    await job.check({
      file,
      program: program.abbv,
      verified,
      replay_rules: verified && replay,
      map_program: [],
      map_remark: [],
      ...(unchanged && saved ? { mapping_id: saved.id } : { mapping: JSON.stringify(mapping) }),
    });
  };

  const startOver = () => {
    resetResults();
    setFile(null);
    setHeader([]);
    setInputKey((k) => k + 1);
  };

  /** A new beach's county and municipality chosen in the preview: new stations then go per beach. */
  const placeBeach = (beach: string, { county, municipality, location_type }: BeachPlace) => {
    if (!draft) return;
    const rule = draft.new_station_places;
    // From one place for the file to per beach: the other new beaches keep that place.
    const seeded =
      rule.from === 'constant'
        ? (preview?.stations.new_stations ?? []).filter((g) => g.place.at !== 'existing_beach').map((g) => ({ beach: g.beach_name, county: rule.county, municipality: rule.municipality }))
        : rule.from === 'per_beach'
          ? rule.beaches
          : [];
    const others = seeded.filter((b) => b.beach !== beach);
    const next: NewStationPlaces = {
      from: 'per_beach',
      location_type: rule.from === 'none' ? undefined : rule.location_type,
      beaches: [...others, ...(county && municipality ? [{ beach, county, municipality, ...(location_type ? { location_type } : {}) }] : [])],
    };
    changeDraft({ ...draft, new_station_places: next });
  };

  const problemList =
    problems.length > 0 ? (
      <Alert type="error" headingLevel="h3" heading="The mapping is not complete" role="alert" className="margin-top-2" validation>
        <ul className="usa-list">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Alert>
    ) : null;

  return (
    <div className="legacy-import mapped-import">
      <section aria-labelledby="mapped-file-heading" className="usa-form maxw-full">
        <h2 id="mapped-file-heading">1. Choose the file and its mapping</h2>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="mapped-program">
            Program to import into
          </label>
          <span className="usa-hint" id="mapped-program-hint">
            The file’s stations are matched against this program’s.
          </span>
          <select
            id="mapped-program"
            className="usa-select"
            value={programId ?? ''}
            aria-describedby="mapped-program-hint"
            onChange={(e) => {
              setProgramId(Number(e.target.value));
              resetResults();
            }}
          >
            {programs.length === 0 && <option value="">No program you administer</option>}
            {programs.map((p) => (
              <option key={p.program_id} value={p.program_id}>
                [{p.abbv}] - {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="mapped-file">
            Results file (CSV)
          </label>
          <span className="usa-hint" id="mapped-file-hint">
            Any layout with a header row, at most 20 MB.
          </span>
          <input key={inputKey} id="mapped-file" className="legacy-import__file" type="file" accept=".csv,text/csv" aria-describedby="mapped-file-hint" onChange={(e) => void chooseFile(e)} />
          {file && (
            <p className="usa-hint" aria-live="polite">
              {header.length > 0 ? `Columns: ${header.join(', ')}` : 'No header row could be read from this file.'}
            </p>
          )}
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="mapped-mapping">
            Mapping
          </label>
          <span className="usa-hint" id="mapped-mapping-hint">
            A mapping saved for this source, the state’s legacy layout, or a new one from the file’s header.
          </span>
          <select
            id="mapped-mapping"
            className="usa-select"
            value={choice}
            aria-describedby="mapped-mapping-hint"
            disabled={mappings.isLoading}
            onChange={(e) => chooseMapping(e.target.value)}
          >
            <option value="">{mappings.isLoading ? 'Loading the mappings…' : '- Select -'}</option>
            {list.map((m) => (
              <option key={String(m.id)} value={String(m.id)}>
                {m.built_in ? `${m.name} (built in)` : m.name}
              </option>
            ))}
            <option value={NEW} disabled={header.length === 0}>
              New mapping from the file’s header{header.length === 0 ? ' (choose a file first)' : ''}
            </option>
          </select>
          {mappings.isError && (
            <Alert type="error" headingLevel="h3" slim className="margin-top-1">
              The saved mappings could not be loaded. <Button type="button" unstyled onClick={() => void mappings.refetch()}>Try again</Button>
            </Alert>
          )}
          {mappings.isSuccess && list.length <= 1 && <p className="usa-hint">Your organization has no saved mapping yet.</p>}
        </div>
      </section>

      {notice && (
        <Alert type="success" headingLevel="h3" slim role="status" className="margin-top-2">
          {notice}
        </Alert>
      )}

      {draft && (
        <section aria-labelledby="mapped-editor-heading" className="margin-top-4">
          <h2 id="mapped-editor-heading">2. Map the file</h2>
          {saved?.built_in && <p>The built-in legacy layout cannot be changed: a changed copy is saved as a new mapping.</p>}
          <MappingEditor draft={draft} header={header} places={places} onChange={changeDraft} />
          {problemList}
          <div className="mapped-import__actions">
            {!saved?.built_in && (
              <Button type="button" onClick={() => void save(false)} disabled={isCreating || isUpdating || unchanged}>
                {savedId !== null ? (unchanged ? 'Saved' : 'Save changes') : 'Save the mapping'}
              </Button>
            )}
            {saved && (
              <Button type="button" outline onClick={() => void save(true)} disabled={isCreating || isUpdating}>
                Save as a new mapping
              </Button>
            )}
            {savedId !== null && (
              <Button type="button" secondary onClick={() => { setDeleteError(null); setConfirmDelete(true); }}>
                Delete the mapping
              </Button>
            )}
          </div>
        </section>
      )}

      {draft && (
        <section aria-labelledby="mapped-preview-heading" className="margin-top-4">
          <h2 id="mapped-preview-heading">3. Preview</h2>
          <p>The file’s first 50 rows read through the mapping, and their stations met with the program’s. Nothing is written.</p>
          <Button type="button" onClick={() => void runPreview()} disabled={isPreviewing || !file}>
            {isPreviewing ? 'Reading…' : preview ? 'Preview again' : 'Preview the first rows'}
          </Button>
          {!file && <p className="usa-hint">Choose a file first.</p>}
          {preview && <PreviewView preview={preview} places={places} rule={draft.new_station_places} onPlace={placeBeach} />}
        </section>
      )}

      {draft && preview && preview.refusals.length === 0 && (
        <section aria-labelledby="mapped-check-heading" className="margin-top-4">
          <h2 id="mapped-check-heading">4. Dry run</h2>
          <p>The whole file read and checked as the import would; nothing is written.</p>
          <div className="usa-checkbox">
            <input className="usa-checkbox__input" id="mapped-verified" type="checkbox" checked={verified} onChange={(e) => { setVerified(e.target.checked); job.forgetCheck(); }} />
            <label className="usa-checkbox__label" htmlFor="mapped-verified">
              Import the results as verified
            </label>
          </div>
          <div className="usa-checkbox">
            <input className="usa-checkbox__input" id="mapped-replay" type="checkbox" checked={verified && replay} disabled={!verified} onChange={(e) => { setReplay(e.target.checked); job.forgetCheck(); }} />
            <label className="usa-checkbox__label" htmlFor="mapped-replay">
              Rebuild the beaches’ status history with the program’s rules (no e-mails)
            </label>
          </div>
          <Button type="button" className="margin-top-2" onClick={() => void dryRun()} disabled={job.isChecking}>
            {job.isChecking ? 'Checking…' : 'Run the dry run'}
          </Button>
          {job.checked?.dry_run && job.runningId === null && (
            <div className="margin-top-3">
              <h3>What the import would do</h3>
              <Report report={job.checked.dry_run} hint={MAPPING_HINT} />
              {job.checked.dry_run.inserted > 0 ? (
                <Button type="button" onClick={() => void job.run()} disabled={job.isQueuing}>
                  Import {plural(job.checked.dry_run.inserted, 'result')}
                </Button>
              ) : (
                <Alert type="warning" headingLevel="h3" slim>
                  Nothing in this file would be imported.
                </Alert>
              )}
            </div>
          )}
        </section>
      )}

      {error && (
        <Alert type="error" headingLevel="h3" slim role="alert" className="margin-top-2">
          {error}
        </Alert>
      )}

      {job.runningId !== null && <RunningImport id={job.runningId} step={5} onDone={startOver} reportHint={MAPPING_HINT} />}

      <RecentImports />

      <ConfirmDialog
        id="mapped-delete-dialog"
        open={confirmDelete}
        heading={`Delete the mapping “${saved?.name ?? ''}”?`}
        confirmLabel="Delete mapping"
        destructive
        busy={isDeleting}
        error={deleteError}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void deleteMapping()}
      >
        <p>Imports already made with it keep their results; the next file of this source has to be mapped again.</p>
      </ConfirmDialog>
    </div>
  );
}
