import type { UseFormRegister } from 'react-hook-form';
import { Button, Checkbox, Fieldset, Grid, Select, Textarea, TextInput } from '@trussworks/react-uswds';
import type { LogicRuleInput, ProgramSaveInput } from '@beach/domain';
// The rules module on its own: the package index is being extended elsewhere and describeRule is all we need.
import { describeRule, type RuleNames } from '@beach/domain/rules/describe-rule';
import { Field } from '../../components/Field';
import type { RuleFilters } from './api';

export type RuleField =
  | 'title'
  | 'desc'
  | 'previous_beach_status_id'
  | 'set_to_beach_status_id'
  | 'remark_code_id'
  | 'is_less_than_value'
  | 'compare_value'
  | 'use_compare_value_as_bav'
  | 'result_unit_id'
  | 'set_to_resample_primary'
  | 'set_to_resample_brackets'
  | 'set_require_sanitary_survey'
  | 'triggers_beach_status_email'
  | 'program_beach_logic_id';

export const RULE_FIELD_LABELS: Record<RuleField, string> = {
  title: 'Title',
  desc: 'Description',
  previous_beach_status_id: 'When the beach is',
  set_to_beach_status_id: 'Set the status to',
  remark_code_id: 'Remark code',
  is_less_than_value: 'Comparison',
  compare_value: 'Compare value',
  use_compare_value_as_bav: 'Beach action value',
  result_unit_id: 'Unit',
  set_to_resample_primary: 'Resample the primary station',
  set_to_resample_brackets: 'Resample the bracket stations',
  set_require_sanitary_survey: 'Require a sanitary survey',
  triggers_beach_status_email: 'Send the status e-mail',
  program_beach_logic_id: 'Rule',
};

/** A rule as it starts when added: no id yet (SPEC 3), every action off. */
export function newRule(): LogicRuleInput {
  return {
    program_beach_logic_id: null,
    title: '',
    desc: '',
    previous_beach_status_id: undefined,
    set_to_beach_status_id: undefined,
    remark_code_id: null,
    use_compare_value_as_bav: false,
    is_less_than_value: false,
    compare_value: null,
    result_unit_id: null,
    set_to_resample_primary: false,
    set_to_resample_brackets: false,
    set_require_sanitary_survey: false,
    triggers_beach_status_email: false,
  };
}

/** Stable per rule (the form's field key), so ids survive a move. */
export function ruleFieldId(key: string, field: RuleField): string {
  return `rule-${key}-${field}`;
}

const toId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const toRequiredId = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));
const toNumberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function namesOf(filters: RuleFilters): RuleNames {
  return {
    statuses: new Map(filters.statuses.map((s) => [s.beach_status_id, s.name])),
    units: new Map(filters.units.map((u) => [u.result_unit_id, u.name])),
    remarkCodes: new Map(filters.remark_codes.map((r) => [r.remark_code_id, r.code])),
  };
}

/** The rule in plain words (the domain's describeRule), once both statuses are chosen. */
export function rulePreview(rule: LogicRuleInput | undefined, filters: RuleFilters): string | null {
  if (!rule) return null;
  const from = Number(rule.previous_beach_status_id);
  const to = Number(rule.set_to_beach_status_id);
  if (!(from > 0) || !(to > 0)) return null;
  const value = rule.compare_value;
  const optional = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
  return describeRule(
    {
      program_beach_logic_id: null,
      title: String(rule.title ?? ''),
      desc: String(rule.desc ?? ''),
      previous_beach_status_id: from,
      set_to_beach_status_id: to,
      remark_code_id: optional(rule.remark_code_id),
      use_compare_value_as_bav: Boolean(rule.use_compare_value_as_bav),
      is_less_than_value: Boolean(rule.is_less_than_value),
      compare_value: typeof value === 'number' && Number.isFinite(value) ? value : null,
      result_unit_id: optional(rule.result_unit_id),
      set_to_resample_primary: Boolean(rule.set_to_resample_primary),
      set_to_resample_brackets: Boolean(rule.set_to_resample_brackets),
      set_require_sanitary_survey: Boolean(rule.set_require_sanitary_survey),
      triggers_beach_status_email: Boolean(rule.triggers_beach_status_email),
    },
    namesOf(filters),
  );
}

interface RuleEditorProps {
  index: number;
  fieldKey: string;
  count: number;
  rule: LogicRuleInput | undefined;
  filters: RuleFilters;
  register: UseFormRegister<ProgramSaveInput>;
  errors: Partial<Record<RuleField, { message?: string }>> | undefined;
  buttonRef: (name: 'up' | 'down', element: HTMLButtonElement | null) => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onRemove: () => void;
}

const FLAGS = ['set_to_resample_primary', 'set_to_resample_brackets', 'set_require_sanitary_survey', 'triggers_beach_status_email'] as const;

/** One logic rule: every field of SPEC 3, its preview in words, and move up / move down / remove. */
export function RuleEditor({ index, fieldKey, count, rule, filters, register, errors, buttonRef, onMoveUp, onMoveDown, onRemove }: RuleEditorProps) {
  const path = `logic_rules.${index}` as const;
  const id = (field: RuleField) => ruleFieldId(fieldKey, field);
  const error = (field: RuleField) => {
    const message = errors?.[field]?.message;
    // An empty status select fails the id rule; say what to do instead.
    if (message && (field === 'previous_beach_status_id' || field === 'set_to_beach_status_id') && !(Number(rule?.[field]) > 0)) {
      return 'Choose a status';
    }
    return message;
  };
  const title = rule?.title?.trim() || 'New rule';
  const preview = rulePreview(rule, filters);
  const headingId = `rule-${fieldKey}-heading`;

  const statusSelect = (field: 'previous_beach_status_id' | 'set_to_beach_status_id') => (
    <Field id={id(field)} label={RULE_FIELD_LABELS[field]} error={error(field)}>
      {(a11y) => (
        <Select {...a11y} {...register(`${path}.${field}`, { setValueAs: toRequiredId })} validationStatus={error(field) ? 'error' : undefined}>
          <option value="">- Select a status -</option>
          {filters.statuses.map((s) => (
            <option key={s.beach_status_id} value={s.beach_status_id}>
              {s.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  return (
    <article aria-labelledby={headingId} className="logic-rule border-1px border-base-lighter radius-md padding-2 margin-bottom-3">
      <div className="display-flex flex-wrap flex-justify flex-align-center">
        <h3 id={headingId} className="margin-y-1">
          Rule {index + 1}: {title}
          {rule?.program_beach_logic_id == null && (
            <>
              {' '}
              <span className="text-normal text-base-dark">(new)</span>
            </>
          )}
        </h3>
        <div className="display-flex flex-wrap">
          <Button
            type="button"
            outline
            className="margin-right-1"
            disabled={index === 0}
            onClick={onMoveUp}
            aria-label={`Move rule ${index + 1}, ${title}, up`}
            ref={(element: HTMLButtonElement | null) => buttonRef('up', element)}
          >
            Move up
          </Button>
          <Button
            type="button"
            outline
            className="margin-right-1"
            disabled={index === count - 1}
            onClick={onMoveDown}
            aria-label={`Move rule ${index + 1}, ${title}, down`}
            ref={(element: HTMLButtonElement | null) => buttonRef('down', element)}
          >
            Move down
          </Button>
          <Button type="button" secondary onClick={onRemove} aria-label={`Remove rule ${index + 1}, ${title}`}>
            Remove
          </Button>
        </div>
      </div>

      <p className="rule-preview bg-base-lightest padding-1 radius-sm margin-top-1" aria-live="polite">
        <span className="text-bold">In words: </span>
        <span>{preview ?? 'Choose both statuses to see the rule in words.'}</span>
      </p>

      <Grid row gap>
        <Grid tablet={{ col: 6 }}>
          <Field id={id('title')} label={RULE_FIELD_LABELS.title} error={error('title')}>
            {(a11y) => <TextInput {...a11y} type="text" {...register(`${path}.title`)} validationStatus={error('title') ? 'error' : undefined} />}
          </Field>
        </Grid>
        <Grid tablet={{ col: 6 }}>
          <Field id={id('desc')} label="Description (optional)" error={error('desc')}>
            {(a11y) => <Textarea {...a11y} {...register(`${path}.desc`)} className="height-10" />}
          </Field>
        </Grid>
        <Grid tablet={{ col: 6 }}>{statusSelect('previous_beach_status_id')}</Grid>
        <Grid tablet={{ col: 6 }}>{statusSelect('set_to_beach_status_id')}</Grid>
      </Grid>

      <Fieldset legend="The result" className="margin-top-2">
        <Grid row gap>
          <Grid tablet={{ col: 6 }}>
            <Field id={id('remark_code_id')} label={RULE_FIELD_LABELS.remark_code_id} error={error('remark_code_id')}>
              {(a11y) => (
                <Select {...a11y} {...register(`${path}.remark_code_id`, { setValueAs: toId })}>
                  <option value="">Any remark code</option>
                  {filters.remark_codes.map((r) => (
                    <option key={r.remark_code_id} value={r.remark_code_id}>
                      {r.code} - {r.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id={id('is_less_than_value')} label={RULE_FIELD_LABELS.is_less_than_value} error={error('is_less_than_value')}>
              {(a11y) => (
                <Select {...a11y} {...register(`${path}.is_less_than_value`, { setValueAs: (v: unknown) => v === true || v === 'true' })}>
                  <option value="false">Above the value</option>
                  <option value="true">At or below the value</option>
                </Select>
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id={id('compare_value')} label={RULE_FIELD_LABELS.compare_value} error={error('compare_value')}>
              {(a11y) => (
                <TextInput
                  {...a11y}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  {...register(`${path}.compare_value`, { setValueAs: toNumberOrNull })}
                  validationStatus={error('compare_value') ? 'error' : undefined}
                />
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id={id('result_unit_id')} label={RULE_FIELD_LABELS.result_unit_id} error={error('result_unit_id')}>
              {(a11y) => (
                <Select {...a11y} {...register(`${path}.result_unit_id`, { setValueAs: toId })}>
                  <option value="">Any unit</option>
                  {filters.units.map((u) => (
                    <option key={u.result_unit_id} value={u.result_unit_id}>
                      {u.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Grid>
        </Grid>
        <Checkbox
          id={id('use_compare_value_as_bav')}
          label="Without a compare value, use the program’s beach action value"
          {...register(`${path}.use_compare_value_as_bav`)}
        />
      </Fieldset>

      <Fieldset legend="Then also" className="margin-top-2">
        <Grid row gap>
          {FLAGS.map((flag) => (
            <Grid key={flag} tablet={{ col: 6 }}>
              <Checkbox id={id(flag)} label={RULE_FIELD_LABELS[flag]} {...register(`${path}.${flag}`)} />
            </Grid>
          ))}
        </Grid>
      </Fieldset>
    </article>
  );
}
