import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { VERIFICATION_CODES } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { ScreenPage } from '../../components/ScreenPage';
import { useGetVerificationListQuery, useVerifyResultsMutation } from './api';
import { DateRange, type Range } from './DateRange';
import { ProgramGate } from './ProgramGate';
import { useProgramChoice } from './program-choice';
import { idsOf, ReviewResults } from './ReviewResults';
import { StatusChanges } from './StatusChanges';
import { Thresholds } from './Thresholds';
import type { VerifyOutcome } from '@beach/domain';
import './verification.css';

/** Result Verification (/portal/results/verification): the program's unverified results, verified in batches. */
export default function ResultVerificationPage() {
  const choice = useProgramChoice('/portal/results/verification');
  return (
    <ScreenPage
      title="Result Verification"
      description="Review the program’s unverified results against its thresholds and verify them. Verifying runs the program’s logic rules, which may change beach statuses."
    >
      <ProgramGate choice={choice}>{(programId) => <Verification key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function Verification({ programId }: { programId: number }) {
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const list = useGetVerificationListQuery({ programId, from: range.from || undefined, to: range.to || undefined });
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ result: VerifyOutcome; names: Map<number, string> } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [verify, { isLoading: isVerifying }] = useVerifyResultsMutation();
  const outcomeRef = useRef<HTMLElement>(null);

  // To the summary once the dialog has closed and handed focus back to the page.
  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => outcomeRef.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  // Only what the list still holds counts as chosen (another verifier may have been quicker).
  const present = idsOf(list.data);
  const selected = new Set([...picked].filter((id) => present.has(id)));

  const run = async () => {
    setDialogError(null);
    const names = new Map(list.data?.dates.flatMap((d) => d.stations.map((s) => [s.beach_station_id, s.station_name] as const)) ?? []);
    try {
      const result = await verify([...selected]).unwrap();
      setOutcome({ result, names });
      setPicked(new Set());
      setConfirming(false);
      setProblem(null);
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.code === VERIFICATION_CODES.RESULT_STATE_CHANGED) {
        setConfirming(false);
        setProblem(`${errorMessage(error, 'Some results changed.')} Nothing was verified; the list is shown again as it is now.`);
        void list.refetch();
      } else setDialogError(errorMessage(error, 'The results could not be verified.'));
    }
  };

  return (
    <>
      {outcome && (
        <section ref={outcomeRef} tabIndex={-1} aria-labelledby="verify-outcome-heading" className="verify-outcome">
          <h2 id="verify-outcome-heading">Verified {plural(outcome.result.verified, 'result')}</h2>
          <StatusChanges outcome={outcome.result} stationNames={outcome.names} />
          <Button type="button" unstyled onClick={() => setOutcome(null)}>
            Dismiss this summary
          </Button>
        </section>
      )}
      {problem && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {problem}
        </Alert>
      )}
      <DateRange value={range} onApply={setRange} />
      {list.isLoading ? (
        <Loading label="Loading unverified results…" />
      ) : list.isError || !list.data ? (
        <LoadError
          message={`The unverified results could not be loaded. ${list.error ? errorMessage(toApiError(list.error), '') : ''}`.trim()}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <Thresholds thresholds={list.data.thresholds} programName={list.data.program.name} />
          <h2 className="margin-bottom-1">Unverified results</h2>
          {list.data.truncated && (
            <Alert type="warning" headingLevel="h3" slim>
              More than {list.data.count.toLocaleString('en-US')} results match: the oldest are shown. Narrow the dates to see the rest.
            </Alert>
          )}
          {list.data.count === 0 ? (
            <p>{range.from || range.to ? 'No unverified results were sampled in these dates.' : 'Every result of the program is verified.'}</p>
          ) : (
            <>
              <div className="review-actions">
                <p className="margin-0" aria-live="polite">
                  {plural(list.data.count, 'unverified result')}; {selected.size} chosen.
                </p>
                <Button
                  type="button"
                  disabled={selected.size === 0}
                  onClick={() => {
                    setDialogError(null);
                    setConfirming(true);
                  }}
                >
                  Verify {selected.size ? plural(selected.size, 'result') : 'chosen results'}
                </Button>
              </div>
              <ReviewResults list={list.data} selected={selected} onSelectedChange={setPicked} canSelect={() => true} />
            </>
          )}
        </>
      )}
      <ConfirmDialog
        id="verify-dialog"
        open={confirming}
        heading={`Verify ${plural(selected.size, 'result')}?`}
        confirmLabel="Verify"
        busy={isVerifying}
        error={dialogError}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Verified results become public. The program’s logic rules then run on them in sample order and may change beach statuses, flag
          stations for resampling or a sanitary survey, and send status e-mails. You will see every change.
        </p>
      </ConfirmDialog>
    </>
  );
}
