import { useState } from 'react';
import { Icon } from '@trussworks/react-uswds';
import { CARD_ROWS } from '../../components/card-rows';
import { Pager } from '../../components/Pager';
import { StatusBadge } from './StatusBadge';
import type { TestRun, TestStep } from '@beach/domain';

const STEP_PAGE_SIZE = 20;

const OUTCOME_TEXT = { FIRED: 'fired', NOT_MATCHED: 'did not match', NOT_REACHED: 'not reached: an earlier rule fired' } as const;

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function sourceText(source: string) {
  if (source === 'typed') return 'typed in';
  if (source === 'stored') return 'stored, unverified';
  return `from ${source.replace(/:(\d+)$/, ', line $1')}`;
}

function valueText(step: TestStep) {
  const r = step.result;
  if (r.value === null) return r.remark_code ? `${r.remark_code} (no value)` : 'no value';
  return `${r.remark_code ? `${r.remark_code} ` : ''}${r.value.toLocaleString('en-US')} ${r.unit_name}`;
}

function Step({ step, describe }: { step: TestStep; describe: (position: number) => string }) {
  const r = step.result;
  const headingId = `test-step-${step.order}`;
  return (
    <li className="tester-step" aria-labelledby={headingId}>
      <h4 id={headingId} className="margin-y-05">
        {step.order}. {r.station_name}: {valueText(step)} on {r.sample_date}
        {r.sample_time_hh ? ` at ${r.sample_time_hh}:${r.sample_time_mm}` : ''}{' '}
        <span className="text-normal font-sans-3xs">({sourceText(r.source)})</span>
      </h4>
      <p className="margin-y-05">
        {step.rule ? (
          <>
            <span className="status-change">
              <StatusBadge status={step.status_before} />
              <span aria-hidden="true" className="status-change__arrow">
                →
              </span>
              <span className="usa-sr-only"> would become </span>
              <strong>
                <StatusBadge status={step.status_after} />
              </strong>
            </span>{' '}
            by rule {step.rule.position}, <strong>{step.rule.title}</strong>: {step.rule.description}.
          </>
        ) : (
          <>
            No rule fires: the beach would stay <StatusBadge status={step.status_before} />.
          </>
        )}
      </p>
      {(step.actions.length > 0 || step.would_email) && (
        <p className="margin-y-05">
          It would also: {[...step.actions, ...(step.would_email ? ['send the status e-mail'] : [])].join('; ')}.
        </p>
      )}
      <details className="tester-step__rules">
        <summary>Rule by rule</summary>
        <ol className="tester-checks">
          {step.checks.map((check) => (
            <li key={check.position} className={`tester-check tester-check--${check.outcome.toLowerCase()}`}>
              <span className="tester-check__title">
                {check.outcome === 'FIRED' ? (
                  <Icon.CheckCircle aria-hidden="true" focusable={false} />
                ) : check.outcome === 'NOT_MATCHED' ? (
                  <Icon.Cancel aria-hidden="true" focusable={false} />
                ) : (
                  <Icon.Remove aria-hidden="true" focusable={false} />
                )}
                Rule {check.position}, {check.title}: {OUTCOME_TEXT[check.outcome]}
              </span>
              <span className="display-block font-sans-3xs text-base-dark">{describe(check.position)}</span>
              {check.outcome !== 'NOT_REACHED' && (
                <ul className="tester-conditions">
                  {check.conditions.map((c) => (
                    <li key={c.kind} className={c.holds ? 'tester-condition--holds' : 'tester-condition--fails'}>
                      {c.holds ? <Icon.Check aria-hidden="true" focusable={false} /> : <Icon.Close aria-hidden="true" focusable={false} />}
                      <span className="usa-sr-only">{c.holds ? 'Holds: ' : 'Does not hold: '}</span>
                      {c.text}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

/** A tester run: the rules, where each beach would end, and result by result what each rule made of it. */
export function TesterRun({ run }: { run: TestRun }) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(run.steps.length / STEP_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = run.steps.slice((current - 1) * STEP_PAGE_SIZE, current * STEP_PAGE_SIZE);
  const describe = (position: number) => run.rules.find((r) => r.position === position)?.description ?? '';
  const changes = run.outcome.reduce((n, o) => n + o.status_changes, 0);

  return (
    <>
      <div className="usa-alert usa-alert--info usa-alert--slim tester-dry">
        <div className="usa-alert__body">
          <p className="usa-alert__text">
            <strong>Dry run:</strong> nothing below was saved. No result was verified, no beach status changed and no e-mail was sent.
          </p>
        </div>
      </div>
      {run.files.length > 0 && (
        <>
          <h3>Files read</h3>
          <table className={`usa-table usa-table--compact tester-table ${CARD_ROWS.table}`}>
            <caption className="usa-sr-only">Lab files of this run</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Lines</th>
                <th scope="col">Used</th>
                <th scope="col">Lines left out</th>
              </tr>
            </thead>
            <tbody>
              {run.files.map((f) => (
                <tr key={f.file_name}>
                  <th scope="row">{f.file_name}</th>
                  <td data-label="Lines">{f.rows}</td>
                  <td data-label="Used">{f.used}</td>
                  <td data-label="Lines left out" className={CARD_ROWS.wide}>
                    {f.errors.length === 0 ? (
                      'None'
                    ) : (
                      <ul className="tester-file-errors">
                        {f.errors.slice(0, 20).map((e, i) => (
                          <li key={i}>
                            Line {e.line}
                            {e.column ? `, ${e.column}` : ''}: {e.message}
                          </li>
                        ))}
                        {f.errors.length > 20 && <li>and {f.errors.length - 20} more</li>}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h3>The program’s rules, in the order they are tried</h3>
      {run.rules.length === 0 ? (
        <p>{run.program.name} has no logic rules: verification would change no status.</p>
      ) : (
        <ol className="usa-list">
          {run.rules.map((rule) => (
            <li key={rule.position}>
              <strong>{rule.title}</strong>: {rule.description}
            </li>
          ))}
        </ol>
      )}

      {run.steps.length === 0 ? (
        <p>There were no results to test.</p>
      ) : (
        <>
          <h3>Where each beach would end</h3>
          <p>
            {plural(run.steps.length, 'result')} tested; {plural(changes, 'status change')} would be made.
          </p>
          <div className={`usa-table-container--scrollable ${CARD_ROWS.scroll}`} tabIndex={0} role="region" aria-label="Where each beach would end">
            <table className={`usa-table usa-table--compact tester-table ${CARD_ROWS.table}`}>
              <caption className="usa-sr-only">Each beach’s status before and after the run</caption>
              <thead>
                <tr>
                  <th scope="col">Beach</th>
                  <th scope="col">Status now</th>
                  <th scope="col">Would end</th>
                  <th scope="col">Changes</th>
                  <th scope="col">Resample</th>
                  <th scope="col">Sanitary survey</th>
                  <th scope="col">E-mails</th>
                </tr>
              </thead>
              <tbody>
                {run.outcome.map((o) => (
                  <tr key={o.beach_station_id}>
                    <th scope="row">
                      <span className="display-block">{o.beach_name}</span>
                      <span className="font-sans-3xs">{o.station_name}</span>
                    </th>
                    <td data-label="Status now">
                      <StatusBadge status={o.status_before} />
                    </td>
                    <td data-label="Would end">
                      <StatusBadge status={o.status_after} />
                    </td>
                    <td data-label="Changes">{o.status_changes}</td>
                    <td data-label="Resample">
                      {o.needs_resample ? 'Primary' : ''}
                      {o.needs_resample && o.brackets_to_resample.length ? ' and ' : ''}
                      {o.brackets_to_resample.length ? plural(o.brackets_to_resample.length, 'bracket') : ''}
                      {!o.needs_resample && o.brackets_to_resample.length === 0 ? 'No' : ''}
                    </td>
                    <td data-label="Sanitary survey">{o.requires_sanitary_survey ? 'Required' : 'No'}</td>
                    <td data-label="E-mails">{o.emails}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <h3>Result by result, in the order verification would apply them</h3>
          <ol className="tester-steps">
            {shown.map((step) => (
              <Step key={step.order} step={step} describe={describe} />
            ))}
          </ol>
          <Pager page={current} pageSize={STEP_PAGE_SIZE} total={run.steps.length} onPage={setPage} label="Tested result pages" />
        </>
      )}
    </>
  );
}
