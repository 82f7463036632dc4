import { useState, type FormEvent } from 'react';
import { Alert, Button, TextInput } from '@trussworks/react-uswds';
import type { NowcastCoefficients } from '@beach/domain';
import { errorMessage, fieldIssues, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { useNowcastCoefficientsQuery, useResetNowcastCoefficientsMutation, useSaveNowcastCoefficientsMutation } from './api';

const FIELDS: { key: keyof NowcastCoefficients; label: string; hint: string }[] = [
  { key: 'intercept', label: 'Baseline, b0', hint: 'Log-odds with no rain and no prior result.' },
  { key: 'rain_24h', label: 'Rain in the last 24 h, b24', hint: 'Log-odds per mm.' },
  { key: 'rain_48h', label: 'Rain in the last 48 h, b48', hint: 'Log-odds per mm.' },
  { key: 'rain_72h', label: 'Rain in the last 72 h, b72', hint: 'Log-odds per mm.' },
  { key: 'last_result', label: 'Last result, bR', hint: 'Log-odds per log10(value + 1).' },
  { key: 'threshold', label: 'Flag from probability', hint: 'Between 0 and 1, e.g. 0.5.' },
];

/** The program's coefficients: shown to every reader of the board, editable by its beach statuses admins (audited). */
export function CoefficientsPanel({ programId, canEdit, onSaved }: { programId: number; canEdit: boolean; onSaved: () => void }) {
  const q = useNowcastCoefficientsQuery(programId);
  return (
    <details className="margin-top-3 padding-2 border-1px border-base-lighter radius-md">
      <summary className="text-bold">Model coefficients{canEdit ? ' (you may change them)' : ''}</summary>
      {q.isLoading ? (
        <Loading label="Loading the coefficients…" />
      ) : q.isError || !q.data ? (
        <LoadError message="The coefficients could not be loaded." onRetry={() => void q.refetch()} />
      ) : (
        <Editor
          key={`${q.data.updated_at ?? 'defaults'}`}
          programId={programId}
          values={q.data.coefficients}
          custom={q.data.custom}
          updated={q.data.updated_at ? `Set by ${q.data.updated_by ?? 'a former user'} on ${new Date(q.data.updated_at).toLocaleString('en-US')}` : null}
          canEdit={canEdit}
          onSaved={() => {
            void q.refetch();
            onSaved();
          }}
        />
      )}
    </details>
  );
}

function Editor(props: { programId: number; values: NowcastCoefficients; custom: boolean; updated: string | null; canEdit: boolean; onSaved: () => void }) {
  const { programId, values, custom, updated, canEdit, onSaved } = props;
  const [form, setForm] = useState<Record<keyof NowcastCoefficients, string>>(
    Object.fromEntries(FIELDS.map((f) => [f.key, String(values[f.key])])) as Record<keyof NowcastCoefficients, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [save, saving] = useSaveNowcastCoefficientsMutation();
  const [reset, resetting] = useResetNowcastCoefficientsMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const local: Record<string, string> = {};
    const body = Object.fromEntries(
      FIELDS.map((f) => {
        const n = Number(form[f.key]);
        if (form[f.key].trim() === '' || !Number.isFinite(n)) local[f.key] = `${f.label} must be a number`;
        return [f.key, n];
      }),
    ) as unknown as NowcastCoefficients;
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await save({ programId, body }).unwrap();
      setNotice({ type: 'success', text: 'Coefficients saved.' });
      onSaved();
    } catch (err) {
      const apiError = toApiError(err);
      setErrors(Object.fromEntries(fieldIssues(apiError).map((i) => [i.field, i.message])));
      setNotice({ type: 'error', text: errorMessage(apiError, 'The coefficients could not be saved.') });
    }
  };

  const resetToDefaults = async () => {
    setNotice(null);
    try {
      await reset(programId).unwrap();
      setNotice({ type: 'success', text: 'Back to the default coefficients.' });
      onSaved();
    } catch (err) {
      setNotice({ type: 'error', text: errorMessage(toApiError(err), 'The coefficients could not be reset.') });
    }
  };

  return (
    <div>
      <p className="margin-y-1">
        {custom ? `The program’s own coefficients. ${updated ?? ''}` : 'The defaults (decision 0046): typical published sizes, not fitted to this program. Fit your own from past seasons when you can.'}
      </p>
      {notice && (
        <Alert type={notice.type} headingLevel="h3" slim role={notice.type === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="grid-row grid-gap">
          {FIELDS.map((f) => (
            <div key={f.key} className="tablet:grid-col-4">
              <Field id={`nowcast-${f.key}`} label={f.label} hint={f.hint} error={errors[f.key]}>
                {(control) => (
                  <TextInput
                    {...control}
                    name={f.key}
                    type="text"
                    inputMode="decimal"
                    value={form[f.key]}
                    readOnly={!canEdit}
                    onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
                  />
                )}
              </Field>
            </div>
          ))}
        </div>
        {canEdit && (
          <div className="margin-top-2">
            <Button type="submit" disabled={saving.isLoading}>
              {saving.isLoading ? 'Saving…' : 'Save coefficients'}
            </Button>
            {custom && (
              <Button type="button" outline onClick={() => void resetToDefaults()} disabled={resetting.isLoading}>
                Reset to defaults
              </Button>
            )}
          </div>
        )}
      </form>
    </div>
  );
}
