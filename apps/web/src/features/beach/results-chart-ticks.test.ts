import { describe, expect, it } from 'vitest';
import { monthLabelStep } from './ResultsChart';

describe('month labels under the results chart', () => {
  // 390 px phone: the chart is 390 wide less its 56 + 14 px margins.
  const phonePlot = 390 - 56 - 14;
  const desktopPlot = 720 - 56 - 14;

  it('labels every month where each has room (a season on a desktop)', () => {
    expect(monthLabelStep(13, desktopPlot, 40)).toBe(1);
    expect(monthLabelStep(5, phonePlot, 40)).toBe(1);
  });

  it('labels every second month of a year on a phone, every third when labels carry a year', () => {
    expect(monthLabelStep(13, phonePlot, 40)).toBe(2);
    expect(monthLabelStep(13, phonePlot, 64)).toBe(3);
    // Whatever the step, labels are at least the gap apart.
    for (const ticks of [4, 7, 13, 25]) {
      const step = monthLabelStep(ticks, phonePlot, 40);
      expect((phonePlot / ticks) * step).toBeGreaterThanOrEqual(40);
    }
  });

  it('never divides by an empty plot', () => {
    expect(monthLabelStep(0, phonePlot, 40)).toBe(1);
    expect(monthLabelStep(13, 0, 40)).toBe(1);
  });
});
