import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@trussworks/react-uswds';
import { accessiblePrograms, can, isAdminOrganization, type LegacyImportReportPayload } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { n, plural, RecentImports, Report, RunningImport, useImportJob } from './import-job';
import { MAPPED_IMPORT_PATH } from './paths';
import { useAddMunicipalitiesMutation } from '../places/api';
import './legacy-import.css';

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const MAP_HINT = (
  <p className="usa-hint">
    To take a remark code or a program name the portal does not know, add it under “Remark codes to read as others” or “Program names
    in the file” and check the file again.
  </p>
);

/**
 * DEP IT: Import Legacy Results, for organization admins (decision 0021): a file in the water-quality
 * download layout is checked first (a dry run: the report on screen, nothing written), then imported as a
 * job whose progress shows here. The same import as `npm run import:results`.
 */
export default function LegacyImportPage() {
  const me = useAppSelector((state) => state.user.user);
  const allowed = me ? isAdminOrganization(me.organization) : false;
  return (
    <ScreenPage
      title="Import Legacy Results"
      description="Move an agency’s history in: results files in the layout of the water-quality download, checked first, then imported in one piece."
    >
      <p>
        <Link to="/portal/website-management/dep-it/beaches-db">Back to DEP IT: Beaches Database Export</Link>
      </p>
      <p>
        A file in another layout (a city’s download, a lab’s export)? <Link to={MAPPED_IMPORT_PATH}>Import mapped results</Link>.
      </p>
      {allowed ? <LegacyImport /> : <NotPermitted />}
    </ScreenPage>
  );
}

function LegacyImport() {
  const me = useAppSelector((state) => state.user.user)!;
  const programs = accessiblePrograms(me).filter((p) => can(me, p.program_id, 'DATA_EDITING', 'ADMIN'));
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [program, setProgram] = useState(programs[0]?.abbv ?? '');
  const [programMap, setProgramMap] = useState('');
  const [remarkMap, setRemarkMap] = useState('');
  const [verified, setVerified] = useState(true);
  const [replay, setReplay] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  /** What the import report's remedy added to the place list (kept while the file is checked again). */
  const [placesNotice, setPlacesNotice] = useState<string | null>(null);
  const job = useImportJob(setProblem);

  const check = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPlacesNotice(null);
    await checkFile();
  };

  const checkFile = async () => {
    setProblem(null);
    job.reset();
    if (!file) {
      setProblem('Choose a CSV file first.');
      return;
    }
    await job.check({ file, program, verified, replay_rules: verified && replay, map_program: lines(programMap), map_remark: lines(remarkMap) });
  };

  const startOver = () => {
    job.reset();
    setFile(null);
    setInputKey((k) => k + 1);
  };

  return (
    <div className="legacy-import">
      <form className="usa-form maxw-full legacy-import__form" onSubmit={(event) => void check(event)} aria-label="Check a legacy file">
        <h2>1. Check a file</h2>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="import-file">
            Results file (CSV)
          </label>
          <span className="usa-hint" id="import-file-hint">
            The water-quality download layout (Program_Name, Station_Name, Beach_Name, … Remark_Code_Name), at most 20 MB.
          </span>
          <input
            key={inputKey}
            id="import-file"
            className="legacy-import__file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="import-file-hint"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              job.reset();
            }}
          />
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="import-program">
            Program to import into
          </label>
          <span className="usa-hint" id="import-program-hint">
            Rows whose Program_Name is this program’s name or abbreviation go into it.
          </span>
          <select id="import-program" className="usa-select" value={program} aria-describedby="import-program-hint" onChange={(e) => setProgram(e.target.value)}>
            {programs.map((p) => (
              <option key={p.program_id} value={p.abbv}>
                [{p.abbv}] - {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="import-program-map">
            Program names in the file
          </label>
          <span className="usa-hint" id="import-program-map-hint">
            One per line, the file’s name = a program’s abbreviation, e.g. <code>Cooperative Coastal Monitoring Program=OB</code>. Rows of other names are refused.
          </span>
          <textarea id="import-program-map" className="usa-textarea legacy-import__map" rows={2} value={programMap} aria-describedby="import-program-map-hint" onChange={(e) => setProgramMap(e.target.value)} />
        </div>
        <div className="usa-form-group">
          <label className="usa-label" htmlFor="import-remark-map">
            Remark codes to read as others
          </label>
          <span className="usa-hint" id="import-remark-map-hint">
            One per line, e.g. <code>XX=K</code>, or <code>XX=</code> for no remark. <code>--</code>, K, L, NS, FA and CG are known; other codes are refused.
          </span>
          <textarea id="import-remark-map" className="usa-textarea legacy-import__map" rows={2} value={remarkMap} aria-describedby="import-remark-map-hint" onChange={(e) => setRemarkMap(e.target.value)} />
        </div>
        <div className="usa-checkbox">
          <input className="usa-checkbox__input" id="import-verified" type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} />
          <label className="usa-checkbox__label" htmlFor="import-verified">
            Import the results as verified
          </label>
        </div>
        <div className="usa-checkbox">
          <input
            className="usa-checkbox__input"
            id="import-replay"
            type="checkbox"
            checked={verified && replay}
            disabled={!verified}
            onChange={(e) => setReplay(e.target.checked)}
          />
          <label className="usa-checkbox__label" htmlFor="import-replay">
            Rebuild the beaches’ status history with the program’s rules (no e-mails)
          </label>
        </div>
        <Button type="submit" className="margin-top-2" disabled={job.isChecking || programs.length === 0}>
          {job.isChecking ? 'Checking…' : 'Check the file'}
        </Button>
      </form>

      {problem && (
        <Alert type="error" headingLevel="h3" slim role="alert" className="margin-top-2">
          {problem}
        </Alert>
      )}

      {job.checked?.dry_run && job.runningId === null && (
        <section aria-labelledby="import-check-heading" className="margin-top-4">
          <h2 id="import-check-heading">2. What the import would do</h2>
          {placesNotice && (
            <Alert type="success" headingLevel="h3" slim role="status">
              {placesNotice}
            </Alert>
          )}
          <Report report={job.checked.dry_run} hint={job.checked.dry_run.rejections.some((g) => /--map-(remark|program)/.test(g.reason)) && MAP_HINT} />
          <UnknownPlaces
            groups={job.checked.dry_run.unknown_places}
            onAdded={async (message) => {
              setPlacesNotice(message);
              await checkFile();
            }}
          />
          {job.checked.dry_run.inserted > 0 ? (
            <Button type="button" onClick={() => void job.run()} disabled={job.isQueuing}>
              Import {plural(job.checked.dry_run.inserted, 'result')}
            </Button>
          ) : (
            <Alert type="warning" headingLevel="h3" slim>
              Nothing in this file would be imported.
            </Alert>
          )}{' '}
          <Button type="button" outline onClick={startOver}>
            Check another file
          </Button>
        </section>
      )}

      {job.runningId !== null && <RunningImport id={job.runningId} onDone={startOver} reportHint={MAP_HINT} />}

      <RecentImports />
    </div>
  );
}

/**
 * The report's unknown places (issue 25): a new beach's municipality its county lacks refuses the beach's
 * rows. One explicit remedy per county, after a confirm that lists the names: add them to the county (the
 * Places service, audited), then the file is checked again. Nothing is ever created silently.
 */
function UnknownPlaces({ groups, onAdded }: { groups: LegacyImportReportPayload['unknown_places']; onAdded: (notice: string) => Promise<void> }) {
  const [adding, setAdding] = useState<LegacyImportReportPayload['unknown_places'][number] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [add, { isLoading }] = useAddMunicipalitiesMutation();
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="import-places-heading" className="margin-y-3">
      {groups.length > 0 && (
        <>
          <h3 id="import-places-heading">Municipalities the place list lacks</h3>
          <p>
            These municipalities are named by new beaches’ rows but are not in their county, so those rows are refused. Check the spelling
            in the file first; if they are right, add them to the place list and the file is checked again.
          </p>
          {groups.map((g) => (
            <div key={g.county_id} className="margin-bottom-2">
              <p className="margin-bottom-1">
                <strong>{g.county} County:</strong> {g.municipalities.join(', ')}
              </p>
              <Button type="button" outline onClick={() => { setError(null); setAdding(g); }}>
                {g.municipalities.length === 1 ? 'Add this municipality' : `Add these ${n(g.municipalities.length)} municipalities`} to {g.county} County
              </Button>
            </div>
          ))}
        </>
      )}
      <ConfirmDialog
        id="import-add-places-dialog"
        open={adding !== null}
        heading={`Add ${adding ? plural(adding.municipalities.length, 'municipality', 'municipalities') : ''} to ${adding?.county} County?`}
        confirmLabel="Add municipalities"
        busy={isLoading}
        error={error}
        onCancel={() => setAdding(null)}
        onConfirm={async () => {
          if (!adding) return;
          try {
            const done = await add({ county_id: adding.county_id, names: adding.municipalities }).unwrap();
            setAdding(null);
            await onAdded(`Added ${done.created.map((c) => c.name).join(', ')} to ${done.county} County. The file was checked again below.`);
          } catch (thrown) {
            setError(errorMessage(toApiError(thrown), 'The municipalities could not be added.'));
          }
        }}
      >
        <p>They are added to the place list (Places Management), where they can be edited, merged or retired later:</p>
        <ul className="usa-list">
          {adding?.municipalities.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
