import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Fieldset } from '@trussworks/react-uswds';
import { BEACON_REASONS, BEACON_SOURCES, addDays, type BulkStatusInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { SelectField } from '../../components/SelectField';
import type { StatusChoice } from './api';
import { BEACON_REASON_LABELS, BEACON_SOURCE_LABELS } from './beacon-labels';

/** Today in the browser (YYYY-MM-DD); the server checks the date against the program's own day. */
const browserToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

interface Props {
  stationCount: number;
  statuses: StatusChoice[];
  onSubmit: (body: Omit<BulkStatusInput, 'beach_station_ids'>) => Promise<void>;
  onCancel: () => void;
}

/** Set the status of the selected primary stations (PUT beach/bulkStatus). */
export function BulkStatusForm({ stationCount, statuses, onSubmit, onCancel }: Props) {
  const today = browserToday();
  const [statusId, setStatusId] = useState('');
  const [reasonCode, setReasonCode] = useState('');
  const [source, setSource] = useState('');
  const [date, setDate] = useState(today);
  const [comment, setComment] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!statusId) found.status = 'Choose a status.';
    if (!comment.trim()) found.comment = 'Enter the reason for the change.';
    if (!date) found.date = 'Enter the date the status holds from.';
    else if (date > addDays(today, 1)) found.date = 'The date cannot be later than tomorrow.';
    setErrors(found);
    const first = (['status', 'date', 'comment'] as const).find((field) => found[field]);
    if (first) {
      // To the first field to fix, as a person reads the form.
      document.getElementById(`bulk-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit({
        beach_status_id: Number(statusId),
        reason: comment.trim(),
        reason_code: reasonCode ? (reasonCode as (typeof BEACON_REASONS)[number]) : null,
        beacon_source: source ? (source as (typeof BEACON_SOURCES)[number]) : null,
        effective_date: date,
        send_email: sendEmail,
      });
    } catch (thrown) {
      setFailure(errorMessage(toApiError(thrown), 'The statuses could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="usa-form maxw-none margin-y-3 padding-2 border-1px border-base-lighter radius-md" onSubmit={(e) => void submit(e)} noValidate>
      <Fieldset legend={`Set the status of ${stationCount} selected station${stationCount === 1 ? '' : 's'}`} legendStyle="large">
        {failure && (
          <Alert type="error" headingLevel="h3" slim role="alert">
            {failure}
          </Alert>
        )}
        <Field id="bulk-status" label="Status" required error={errors.status}>
          {(control) => (
            <select className="usa-select" {...control} value={statusId} onChange={(e) => setStatusId(e.target.value)}>
              <option value="">- Select a status -</option>
              {statuses.map((s) => (
                <option key={s.beach_status_id} value={s.beach_status_id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SelectField
          id="bulk-reason-code"
          label="Reason (EPA BEACON code)"
          value={reasonCode}
          emptyLabel="- None -"
          options={BEACON_REASONS.map((code) => ({ value: code, label: BEACON_REASON_LABELS[code] }))}
          onChange={setReasonCode}
          hint="Required by EPA for advisories and closures."
        />
        <SelectField
          id="bulk-source"
          label="Source (EPA BEACON code)"
          value={source}
          emptyLabel="- None -"
          options={BEACON_SOURCES.map((code) => ({ value: code, label: BEACON_SOURCE_LABELS[code] }))}
          onChange={setSource}
          hint="The pollution source, where known. Shown with the action on the public Beach Actions list."
        />
        <Field id="bulk-date" label="Effective date" required hint="Not later than tomorrow." error={errors.date}>
          {(control) => <input className="usa-input" type="date" {...control} max={addDays(today, 1)} value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field id="bulk-comment" label="Comment" required hint="Shown to the public as the reason for the status." error={errors.comment}>
          {(control) => <textarea className="usa-textarea" {...control} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />}
        </Field>
        <Checkbox
          id="bulk-send-email"
          name="bulk-send-email"
          label="E-mail the status change to the program's verifiers and the health authority"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.target.checked)}
        />
        <div className="margin-top-2">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Set status'}
          </Button>
          <Button type="button" outline onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </Fieldset>
    </form>
  );
}
