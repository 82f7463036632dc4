import { Icon } from '@trussworks/react-uswds';
import type { ReviewedResult } from '@beach/domain';

/**
 * A value against the program's thresholds for its parameter, in words with an icon: above the
 * statistical threshold, above the beach action value, or at or below it.
 */
export function ThresholdMark({ result }: { result: ReviewedResult }) {
  if (result.value === null) return <span className="threshold-mark">No value</span>;
  if (result.beach_action_value === null) return <span className="threshold-mark">No threshold for {result.parameter_name}</span>;
  if (result.above_statistical_threshold) {
    return (
      <span className="threshold-mark threshold-mark--high">
        <Icon.Error aria-hidden="true" focusable={false} />
        Above the statistical threshold ({result.statistical_threshold})
      </span>
    );
  }
  if (result.above_beach_action_value) {
    return (
      <span className="threshold-mark threshold-mark--above">
        <Icon.Warning aria-hidden="true" focusable={false} />
        Above the beach action value ({result.beach_action_value})
      </span>
    );
  }
  return (
    <span className="threshold-mark threshold-mark--ok">
      <Icon.CheckCircle aria-hidden="true" focusable={false} />
      At or below the beach action value ({result.beach_action_value})
    </span>
  );
}

/** The value as reported: remark code first ('K 10', 'NS'), with its unit. */
export function valueText(result: Pick<ReviewedResult, 'value' | 'remark_code' | 'unit_name'>): string {
  const remark = result.remark_code ? `${result.remark_code} ` : '';
  if (result.value === null) return result.remark_code ?? '—';
  return `${remark}${result.value.toLocaleString('en-US')} ${result.unit_name}`;
}
