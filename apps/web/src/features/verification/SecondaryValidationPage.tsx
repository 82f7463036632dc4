import { useState } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { VERIFICATION_CODES } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetSecondaryListQuery, useSecondaryVerifyMutation } from './api';
import { DateRange, type Range } from './DateRange';
import { ProgramGate } from './ProgramGate';
import { useProgramChoice } from './program-choice';
import { idsOf, ReviewResults } from './ReviewResults';
import { Thresholds } from './Thresholds';
import type { ReviewedResult } from '@beach/domain';
import './verification.css';

/** Secondary Validation (/portal/secondary-validation): a second person's check of verified results. */
export default function SecondaryValidationPage() {
  const choice = useProgramChoice('/portal/secondary-validation');
  return (
    <ScreenPage
      title="Secondary Validation"
      description="A second review of results already verified. Someone other than the verifier validates each result; beach statuses do not change."
    >
      <ProgramGate choice={choice}>{(programId) => <Validation key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

const canValidate = (r: ReviewedResult) => r.can_validate !== false;

function Validation({ programId }: { programId: number }) {
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const list = useGetSecondaryListQuery({ programId, from: range.from || undefined, to: range.to || undefined });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [validate, { isLoading }] = useSecondaryVerifyMutation();

  const present = idsOf(list.data);
  const selected = new Set([...picked].filter((id) => present.has(id)));

  const run = async () => {
    setDialogError(null);
    try {
      const done = await validate([...selected]).unwrap();
      setNotice(`Validated ${plural(done.verified, 'result')}.`);
      setProblem(null);
      setPicked(new Set());
      setConfirming(false);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === VERIFICATION_CODES.RESULT_STATE_CHANGED || error.code === VERIFICATION_CODES.SAME_VERIFIER) {
        setConfirming(false);
        setNotice(null);
        setProblem(`${errorMessage(error, 'Some results changed.')} Nothing was validated; the list is shown again as it is now.`);
        void list.refetch();
      } else setDialogError(errorMessage(error, 'The results could not be validated.'));
    }
  };

  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      {problem && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {problem}
        </Alert>
      )}
      <DateRange value={range} onApply={setRange} />
      {list.isLoading ? (
        <Loading label="Loading results awaiting secondary validation…" />
      ) : list.isError || !list.data ? (
        <LoadError
          message={`The results could not be loaded. ${list.error ? errorMessage(toApiError(list.error), '') : ''}`.trim()}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Thresholds thresholds={list.data.thresholds} programName={list.data.program.name} />
          <h2 className="margin-bottom-1">Verified results awaiting validation</h2>
          {list.data.truncated && (
            <Alert type="warning" headingLevel="h3" slim>
              More than {list.data.count.toLocaleString('en-US')} results match: the oldest are shown. Narrow the dates to see the rest.
            </Alert>
          )}
          {list.data.count === 0 ? (
            <p>{range.from || range.to ? 'No verified results of these dates await validation.' : 'No verified results await validation.'}</p>
          ) : (
            <>
              <div className="review-actions">
                <p className="margin-0" aria-live="polite">
                  {plural(list.data.count, 'result')} awaiting validation; {selected.size} chosen.
                </p>
                <Button
                  type="button"
                  disabled={selected.size === 0}
                  onClick={() => {
                    setDialogError(null);
                    setConfirming(true);
                  }}
                >
                  Validate {selected.size ? plural(selected.size, 'result') : 'chosen results'}
                </Button>
              </div>
              <ReviewResults
                list={list.data}
                selected={selected}
                onSelectedChange={setPicked}
                canSelect={canValidate}
                lockedNote={(r) => (canValidate(r) ? null : 'You verified it: another person validates it')}
                showVerifier
              />
            </>
          )}
        </>
      )}
      <ConfirmDialog
        id="validate-dialog"
        open={confirming}
        heading={`Validate ${plural(selected.size, 'result')}?`}
        confirmLabel="Validate"
        busy={isLoading}
        error={dialogError}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        <p>The results are marked as validated by you. Beach statuses do not change.</p>
      </ConfirmDialog>
    </>
  );
}
