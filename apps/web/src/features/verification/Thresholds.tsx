import type { VerificationThreshold } from '@beach/domain';

/** The program's thresholds the values are judged against. */
export function Thresholds({ thresholds, programName }: { thresholds: readonly VerificationThreshold[]; programName: string }) {
  if (thresholds.length === 0) return <p>{programName} has no thresholds set: values are not judged.</p>;
  return (
    <div className="review-thresholds">
      <p className="margin-0 text-bold">Thresholds of {programName}</p>
      <ul className="usa-list margin-top-05">
        {thresholds.map((t) => (
          <li key={t.parameter_id}>
            {t.parameter_name}: beach action value {t.beach_action_value}, statistical threshold {t.statistical_threshold}, geomean{' '}
            {t.geomean_threshold} ({t.unit_name})
          </li>
        ))}
      </ul>
    </div>
  );
}
