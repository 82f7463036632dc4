import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Form, Grid, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  programSaveSchema,
  type CensoredRule,
  type LogicRuleInput,
  type NotEvaluatedRemarkCode,
  type ProgramSave,
  type ProgramSaveInput,
} from '@beach/domain';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { FieldError } from '../../components/ErrorSummary';
import { Field } from '../../components/Field';
import { TextField } from '../../components/TextField';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import type { RuleFilters } from './api';
import { RuleEditor, RULE_FIELD_LABELS, newRule, ruleFieldId, type RuleField } from './RuleEditor';

const TOP_FIELDS = ['name', 'abbv', 'color', 'desc', 'censored_rule', 'geomean_counted_remarks'] as const;
type TopField = (typeof TOP_FIELDS)[number];

/** The censored-value rule's choices in plain words (DESIGN 4: at the reported limit by default). */
const CENSORED_CHOICES: readonly { value: CensoredRule; label: string }[] = [
  { value: 'AT_LIMIT', label: 'The reported limit (default)' },
  { value: 'HALF_LIMIT', label: 'Half the reported limit' },
];
/** The first choice carries the group's id, so the error summary's link lands on it. */
const censoredChoiceId = (i: number) => (i === 0 ? 'censored_rule' : `censored_rule-${i}`);

/** Remark codes whose values are no measurement, which a program may still count in its geomeans (decision 0023). */
const COUNTED_CHOICES: readonly { value: NotEvaluatedRemarkCode; label: string }[] = [
  { value: 'FA', label: 'FA (failed analysis)' },
  { value: 'CG', label: 'CG (confluent growth)' },
];
const countedChoiceId = (i: number) => (i === 0 ? 'geomean_counted_remarks' : `geomean_counted_remarks-${i}`);

interface ProgramFormProps {
  filters: RuleFilters;
  initial: ProgramSaveInput;
  submitLabel: string;
  onSubmit: (values: ProgramSave) => Promise<void>;
}

function collectErrors(errors: FieldErrors<ProgramSaveInput>, keys: string[]): FieldError[] {
  const out: FieldError[] = [];
  for (const field of TOP_FIELDS) {
    const message = errors[field]?.message;
    if (typeof message === 'string') out.push({ id: field, message });
  }
  const rules = errors.logic_rules;
  keys.forEach((key, i) => {
    const rule = rules?.[i] as Partial<Record<RuleField, { message?: string }>> | undefined;
    if (!rule) return;
    for (const field of Object.keys(RULE_FIELD_LABELS) as RuleField[]) {
      const message = rule[field]?.message;
      if (message) out.push({ id: ruleFieldId(key, field), message: `Rule ${i + 1}, ${RULE_FIELD_LABELS[field]}: ${message}` });
    }
  });
  if (typeof rules?.message === 'string') out.push({ id: 'add-rule', message: rules.message });
  return out;
}

/** Which button to focus after a move, once React has put the rule in its new place. */
type PendingFocus = { key: string; direction: 'up' | 'down' } | null;

/**
 * A program's name, abbreviation, colour, description, censored-value rule (how results below the
 * reporting limit count in its geomeans) and the FA and CG results its geomeans count, and its ordered
 * logic rules: add, edit,
 * remove, move up and down. Checked with programSaveSchema, the server's own schema; a new rule is sent
 * with a null id and the array order is the rule order.
 */
export function ProgramForm({ filters, initial, submitLabel, onSubmit }: ProgramFormProps) {
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const rulesHeading = useRef<HTMLHeadingElement>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProgramSaveInput, unknown, ProgramSave>({ resolver: zodResolver(programSaveSchema), defaultValues: initial });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'logic_rules' });
  const rules = (useWatch({ control, name: 'logic_rules' }) ?? []) as LogicRuleInput[];
  const color = useWatch({ control, name: 'color' });

  // After a move the rule's buttons are in its new place: keep focus on the same button, or on the
  // other one when the rule reached the top or bottom and that button is now disabled.
  useEffect(() => {
    if (!pendingFocus.current) return;
    const { key, direction } = pendingFocus.current;
    pendingFocus.current = null;
    const wanted = buttons.current.get(`${key}-${direction}`);
    const other = buttons.current.get(`${key}-${direction === 'up' ? 'down' : 'up'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [fields]);

  const titleOf = (i: number) => rules[i]?.title?.trim() || `Rule ${i + 1}`;
  const moveRule = (from: number, to: number) => {
    const key = fields[from]!.id;
    const title = titleOf(from);
    move(from, to);
    setAnnouncement(`${title} is now rule ${to + 1} of ${fields.length}.`);
    pendingFocus.current = { key, direction: to < from ? 'up' : 'down' };
  };
  const removeRule = (i: number) => {
    const title = titleOf(i);
    remove(i);
    setRemoving(null);
    setAnnouncement(`${title} was removed. It is deleted when you save the program.`);
    rulesHeading.current?.focus();
  };

  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, message) => {
      // A refused code is named by its place in the list: the message belongs to the whole group.
      const name = field.startsWith('geomean_counted_remarks.') ? 'geomean_counted_remarks' : field;
      if (!(TOP_FIELDS as readonly string[]).includes(name) && !/^logic_rules\.\d+\./.test(name)) return false;
      setError(name as TopField, { type: 'server', message });
      return true;
    },
    'The program could not be saved.',
  );

  const message = (field: TopField) => {
    const m = errors[field]?.message;
    return typeof m === 'string' ? m : undefined;
  };
  const summary = collectErrors(
    errors,
    fields.map((f) => f.id),
  );

  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="maxw-full">
        <Fieldset legend="Program" legendStyle="large">
          <Grid row gap>
            <Grid tablet={{ col: 8 }}>
              <TextField id="name" label="Name" type="text" registration={register('name')} error={message('name')} />
            </Grid>
            <Grid tablet={{ col: 4 }}>
              <TextField id="abbv" label="Abbreviation" type="text" registration={register('abbv')} error={message('abbv')} />
            </Grid>
          </Grid>
          <Field id="color" label="Colour" hint="Six-digit hex, like #005ea2. White text on it must stay readable." error={message('color')}>
            {(a11y) => (
              <div className="display-flex flex-align-center">
                <TextInput {...a11y} type="text" className="maxw-card" {...register('color')} validationStatus={message('color') ? 'error' : undefined} />
                <input
                  type="color"
                  className="program-colour-picker margin-left-1 margin-top-1"
                  aria-label="Pick the colour"
                  value={/^#[0-9a-fA-F]{6}$/.test(color ?? '') ? color : '#000000'}
                  onChange={(event) => setValue('color', event.target.value, { shouldValidate: true, shouldDirty: true })}
                />
              </div>
            )}
          </Field>
          <Field id="desc" label="Description (optional)" error={message('desc')}>
            {(a11y) => <Textarea {...a11y} {...register('desc')} className="maxw-full" />}
          </Field>
          <div className={`usa-form-group${message('censored_rule') ? ' usa-form-group--error' : ''}`}>
            <fieldset
              className="usa-fieldset"
              aria-describedby={`censored_rule-hint${message('censored_rule') ? ' censored_rule-error' : ''}`}
            >
              <legend className="usa-legend">Censored results (below the reporting limit) count in geomeans at</legend>
              <span className="usa-hint" id="censored_rule-hint">
                A result with remark code K or “&lt;” gives the lab’s reporting limit, not a count.
              </span>
              {message('censored_rule') && (
                <span className="usa-error-message" id="censored_rule-error">
                  {message('censored_rule')}
                </span>
              )}
              {CENSORED_CHOICES.map((choice, i) => (
                <div className="usa-radio" key={choice.value}>
                  <input
                    className="usa-radio__input"
                    id={censoredChoiceId(i)}
                    type="radio"
                    value={choice.value}
                    {...register('censored_rule')}
                  />
                  <label className="usa-radio__label" htmlFor={censoredChoiceId(i)}>
                    {choice.label}
                  </label>
                </div>
              ))}
            </fieldset>
          </div>
          <div className={`usa-form-group${message('geomean_counted_remarks') ? ' usa-form-group--error' : ''}`}>
            <fieldset
              className="usa-fieldset"
              aria-describedby={`geomean_counted_remarks-hint${message('geomean_counted_remarks') ? ' geomean_counted_remarks-error' : ''}`}
            >
              <legend className="usa-legend">Count in geomeans</legend>
              <span className="usa-hint" id="geomean_counted_remarks-hint">
                A result with remark code FA or CG carries a value that is no measurement of the water, so geomeans leave it out
                unless you tick its code. Logic rules do not change: only a rule written for the remark code fires on it.
              </span>
              {message('geomean_counted_remarks') && (
                <span className="usa-error-message" id="geomean_counted_remarks-error">
                  {message('geomean_counted_remarks')}
                </span>
              )}
              {COUNTED_CHOICES.map((choice, i) => (
                <div className="usa-checkbox" key={choice.value}>
                  <input
                    className="usa-checkbox__input"
                    id={countedChoiceId(i)}
                    type="checkbox"
                    value={choice.value}
                    {...register('geomean_counted_remarks')}
                  />
                  <label className="usa-checkbox__label" htmlFor={countedChoiceId(i)}>
                    {choice.label}
                  </label>
                </div>
              ))}
            </fieldset>
          </div>
        </Fieldset>

        <section aria-labelledby="rules-heading" className="margin-top-4">
          <h2 id="rules-heading" ref={rulesHeading} tabIndex={-1}>
            Logic rules
          </h2>
          <p className="usa-hint">
            When a result is verified, the first rule (top to bottom) that matches the station’s status and the result
            fires. Order matters: move a rule up or down to change which one wins.
          </p>
          <p className="usa-sr-only" aria-live="polite">
            {announcement}
          </p>
          {fields.length === 0 && <p>This program has no logic rules yet, so verified results never change a beach’s status.</p>}
          <ol className="usa-list usa-list--unstyled">
            {fields.map((field, i) => (
              <li key={field.id}>
                <RuleEditor
                  index={i}
                  fieldKey={field.id}
                  count={fields.length}
                  rule={rules[i]}
                  filters={filters}
                  register={register}
                  errors={errors.logic_rules?.[i] as Partial<Record<RuleField, { message?: string }>> | undefined}
                  buttonRef={(name, element) => buttons.current.set(`${field.id}-${name}`, element)}
                  onMoveUp={() => moveRule(i, i - 1)}
                  onMoveDown={() => moveRule(i, i + 1)}
                  onRemove={() => (rules[i]?.program_beach_logic_id == null ? removeRule(i) : setRemoving(i))}
                />
              </li>
            ))}
          </ol>
          <Button
            type="button"
            id="add-rule"
            outline
            onClick={() => {
              append(newRule(), { shouldFocus: false });
              setAnnouncement(`Rule ${fields.length + 1} was added at the end.`);
            }}
          >
            Add rule
          </Button>
        </section>

        <div className="margin-top-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      </Form>

      <ConfirmDialog
        id="remove-rule-dialog"
        open={removing !== null}
        heading={`Remove “${removing === null ? '' : titleOf(removing)}”?`}
        confirmLabel="Remove rule"
        destructive
        onConfirm={() => removing !== null && removeRule(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>The rule is deleted from the program when you save it. Until then you can leave the page to keep it.</p>
      </ConfirmDialog>
    </>
  );
}
