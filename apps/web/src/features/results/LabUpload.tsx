import { useState } from 'react';
import { Alert, Button, Icon } from '@trussworks/react-uswds';
import { RESULT_CODES } from '@beach/domain';
import { WATER_QUALITY_COLUMNS } from '@beach/domain/csv/columns';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Pager } from '../../components/Pager';
import { useCommitUploadMutation, usePreviewUploadMutation } from './api';
import type { UploadPreview, UploadPreviewRow } from '@beach/domain';

const PAGE_SIZE = 25;

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${WATER_QUALITY_COLUMNS.join(',')}\r\n`)}`;

const COLUMN_NOTES: Partial<Record<(typeof WATER_QUALITY_COLUMNS)[number], string>> = {
  Station_Name: 'the station’s name as the portal has it',
  Beach_Name: 'the beach’s name',
  Result_Date: 'MM/DD/YYYY, not later than tomorrow',
  Result_Time: 'HH:MM, 24-hour, or empty',
  Result_Measure: 'the number; empty with a no-value remark code such as NS',
  Units_Name: 'CFU/100mL or MPN/100mL',
  Result_Type_Name: 'the parameter: Enterococcus or E. coli',
  Remark_Code_Name: 'a remark code (K, <, L, >, TNTC, NS...) or empty',
};

type Show = 'ALL' | 'ERROR' | 'OK';

interface LabUploadProps {
  programId: number;
  programName: string;
  organizationId: number;
  organizationName: string;
  onCommitted: (notice: string) => void;
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** An upload refused at commit answers with the preview (400 UPLOAD_HAS_ERRORS): show it. */
function previewOf(thrown: unknown): UploadPreview | null {
  const error = toApiError(thrown);
  if (error.code !== RESULT_CODES.UPLOAD_HAS_ERRORS) return null;
  const payload = error.payload as Partial<UploadPreview> | undefined;
  return payload && Array.isArray(payload.rows) && payload.counts ? (payload as UploadPreview) : null;
}

function StatusText({ row }: { row: UploadPreviewRow }) {
  if (row.status === 'ERROR') {
    return (
      <span className="lab-upload__status lab-upload__status--error">
        <Icon.Error aria-hidden="true" focusable={false} /> Error
      </span>
    );
  }
  if (row.status === 'DUPLICATE') {
    return (
      <span className="lab-upload__status">
        <Icon.Info aria-hidden="true" focusable={false} /> Already stored, skipped
      </span>
    );
  }
  return (
    <span className="lab-upload__status lab-upload__status--ok">
      <Icon.CheckCircle aria-hidden="true" focusable={false} /> Ready
    </span>
  );
}

/**
 * Lab CSV upload: the file is checked first (a preview with every line's problems, writing nothing),
 * then saved whole or not at all.
 */
export function LabUpload({ programId, programName, organizationId, organizationName, onCommitted }: LabUploadProps) {
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [preview, setPreview] = useState<UploadPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [show, setShow] = useState<Show>('ALL');
  const [page, setPage] = useState(1);
  const [previewUpload, { isLoading: isChecking }] = usePreviewUploadMutation();
  const [commitUpload, { isLoading: isSaving }] = useCommitUploadMutation();

  const target = (f: File) => ({ program_id: programId, organization_id: organizationId, file: f });

  const check = async () => {
    setProblem(null);
    setPreview(null);
    if (!file) {
      setProblem('Choose a CSV file first.');
      return;
    }
    try {
      setPreview(await previewUpload(target(file)).unwrap());
      setShow('ALL');
      setPage(1);
    } catch (thrown) {
      setProblem(errorMessage(toApiError(thrown), 'The file could not be checked.'));
    }
  };

  const save = async () => {
    if (!file) return;
    setProblem(null);
    try {
      const done = await commitUpload(target(file)).unwrap();
      const skipped = done.duplicates ? ` ${plural(done.duplicates, 'line')} already stored ${done.duplicates === 1 ? 'was' : 'were'} skipped.` : '';
      onCommitted(`Saved ${plural(done.inserted, 'result')} from ${file.name} for ${organizationName}.${skipped} They await verification.`);
      setPreview(null);
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (thrown) {
      const refused = previewOf(thrown);
      if (refused) {
        setPreview(refused);
        setShow('ERROR');
        setPage(1);
      }
      setProblem(`Nothing was saved. ${errorMessage(toApiError(thrown), 'The file could not be saved.')}`);
    }
  };

  const rows = preview ? preview.rows.filter((r) => show === 'ALL' || (show === 'ERROR' ? r.status === 'ERROR' : r.status !== 'ERROR')) : [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <section aria-labelledby="lab-upload-heading" className="lab-upload margin-top-5">
      <h2 id="lab-upload-heading">Upload a lab file</h2>
      <p>
        A CSV file in the layout of the public water-quality download, one line per result. Its results are entered for{' '}
        <strong>{organizationName}</strong> in <strong>{programName}</strong>, each on the date its line gives. The file is checked
        first and nothing is saved until you save it; then every line is saved, or none.
      </p>
      <details className="margin-bottom-2">
        <summary>The columns of the file</summary>
        <ol className="usa-list margin-top-1">
          {WATER_QUALITY_COLUMNS.map((column) => (
            <li key={column}>
              <code>{column}</code>
              {COLUMN_NOTES[column] ? `: ${COLUMN_NOTES[column]}` : ''}
            </li>
          ))}
        </ol>
        <p>
          Other columns (coordinates, municipality, county, station and location type) are read but not needed to find the station.{' '}
          <a href={TEMPLATE_HREF} download="lab-results-template.csv">
            Download an empty file with these columns
          </a>
        </p>
      </details>

      <div className="usa-form-group">
        <label className="usa-label" htmlFor="lab-file">
          Lab file (CSV)
        </label>
        <span className="usa-hint" id="lab-file-hint">
          One file, at most 20 MB.
        </span>
        <input
          key={inputKey}
          id="lab-file"
          name="lab-file"
          className="lab-upload__file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby="lab-file-hint"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
            setProblem(null);
          }}
        />
      </div>
      <Button type="button" outline onClick={() => void check()} disabled={isChecking}>
        {isChecking ? 'Checking…' : 'Check the file'}
      </Button>

      {problem && (
        <Alert type="error" headingLevel="h3" slim role="alert" className="margin-top-2">
          {problem}
        </Alert>
      )}

      {preview && (
        <div className="margin-top-3" aria-live="polite">
          <h3 className="margin-bottom-1">What the file holds</h3>
          <p>
            {plural(preview.counts.rows, 'line')}: {preview.counts.ok} ready to save, {plural(preview.counts.duplicates, 'line')} already
            stored (skipped), {plural(preview.counts.errors, 'line')} with errors.
          </p>
          {preview.file_errors.length > 0 && (
            <Alert type="error" headingLevel="h4" heading="The file cannot be read" className="margin-y-2">
              <ul className="usa-list">
                {preview.file_errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>
                    Line {e.line}: {e.message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {preview.can_commit ? (
            <Alert type="info" headingLevel="h4" slim className="margin-y-2">
              Every line is fine. Save the file to enter its {plural(preview.counts.ok, 'result')}; they will await verification.
            </Alert>
          ) : (
            preview.file_errors.length === 0 && (
              <Alert type="warning" headingLevel="h4" slim className="margin-y-2">
                Fix the lines with errors in the file and check it again: a file with errors is not saved at all.
              </Alert>
            )
          )}
          {preview.rows.length > 0 && (
            <>
              <fieldset className="usa-fieldset lab-upload__show">
                <legend className="usa-legend">Show</legend>
                {(
                  [
                    ['ALL', 'All lines'],
                    ['ERROR', `Lines with errors (${preview.counts.errors})`],
                    ['OK', 'Lines without errors'],
                  ] as const
                ).map(([value, text]) => (
                  <div className="usa-radio" key={value}>
                    <input
                      className="usa-radio__input"
                      id={`lab-show-${value}`}
                      type="radio"
                      name="lab-show"
                      value={value}
                      checked={show === value}
                      onChange={() => {
                        setShow(value);
                        setPage(1);
                      }}
                    />
                    <label className="usa-radio__label" htmlFor={`lab-show-${value}`}>
                      {text}
                    </label>
                  </div>
                ))}
              </fieldset>
              <div className="usa-table-container--scrollable" tabIndex={0} role="region" aria-label="Lines of the lab file">
                <table className="usa-table usa-table--compact usa-table--striped lab-upload__table">
                  <caption>Lines of {file?.name ?? 'the file'}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Line</th>
                      <th scope="col">Status</th>
                      <th scope="col">Station</th>
                      <th scope="col">Problems</th>
                      <th scope="col">Date</th>
                      <th scope="col">Time</th>
                      <th scope="col">Value</th>
                      <th scope="col">Remark</th>
                      <th scope="col">Unit</th>
                      <th scope="col">Parameter</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((r) => (
                      <tr key={r.line} className={r.status === 'ERROR' ? 'lab-upload__row--error' : undefined}>
                        <th scope="row">{r.line}</th>
                        <td>
                          <StatusText row={r} />
                        </td>
                        <td>{r.station_name || '—'}</td>
                        <td className="lab-upload__problems">
                          {r.errors.length === 0 ? (
                            '—'
                          ) : (
                            <ul className="lab-upload__errors">
                              {r.errors.map((e, i) => (
                                <li key={i}>
                                  {e.column ? `${e.column}: ` : ''}
                                  {e.message}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                        <td>{r.sample_date ?? '—'}</td>
                        <td>{r.sample_time_hh ? `${r.sample_time_hh}:${r.sample_time_mm}` : '—'}</td>
                        <td>{r.value ?? (r.measure_text || '—')}</td>
                        <td>{r.remark_code ?? '—'}</td>
                        <td>{r.unit_name || '—'}</td>
                        <td>{r.parameter_name || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={current} pageSize={PAGE_SIZE} total={rows.length} onPage={setPage} label="Lab file line pages" />
            </>
          )}
          {preview.can_commit && (
            <Button type="button" className="margin-top-2" onClick={() => void save()} disabled={isSaving}>
              {isSaving ? 'Saving…' : `Save ${plural(preview.counts.ok, 'result')} from the file`}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
