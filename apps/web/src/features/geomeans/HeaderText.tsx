import type { GeomeanHeader } from '@beach/domain';

/** What the windows are: parameter, length, minimum samples, threshold and how censored values count. */
export function HeaderText({ data }: { data: GeomeanHeader }) {
  return (
    <p>
      {data.parameter.name} in {data.program.name}: {data.window_days}-day windows ending {data.as_of}, at least {data.min_samples} samples to pass or
      fail; geomean threshold {data.threshold}. Values below the reporting limit count {data.censored_rule === 'AT_LIMIT' ? 'at' : 'at half of'} the
      limit.
    </p>
  );
}
