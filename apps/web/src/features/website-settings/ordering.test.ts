import type { BeachOrderingStation } from '@beach/domain';
import { describe, expect, it } from 'vitest';
import { countiesOf, groupsOf, moved, orderOf, shownPlaces, stepTarget, typedPlace } from './ordering';

const st = (id: number, beach: string, county: string, primary: number | null = null): BeachOrderingStation => ({
  beach_station_id: id,
  station_name: primary === null ? `${beach} primary` : `${beach} bracket`,
  station_type: primary === null ? 'PRIMARY' : 'BRACKET',
  primary_station_id: primary,
  beach_name: beach,
  municipality: `${beach} Borough`,
  county,
  active: true,
  public_visible: true,
});

const groups = groupsOf([st(1, '10th Avenue', 'Ocean'), st(2, '10th Avenue', 'Ocean', 1), st(3, 'Pier', 'Monmouth'), st(4, '5th Avenue', 'Ocean'), st(5, 'Inlet', 'Monmouth')]);

describe('Beach Ordering in a narrowed view', () => {
  it('lists counties in natural order and the places a county or a name keeps', () => {
    expect(countiesOf(groups)).toEqual(['Monmouth', 'Ocean']);
    expect(shownPlaces(groups, { county: 'Ocean', find: '' })).toEqual([0, 2]);
    expect(shownPlaces(groups, { county: '', find: 'bracket' })).toEqual([0]);
    expect(shownPlaces(groups, { county: '', find: ' inlet borough ' })).toEqual([3]);
    expect(shownPlaces(groups, { county: '', find: '' })).toEqual([0, 1, 2, 3]);
  });

  it('moves a beach past the next shown one; the hidden ones keep their order', () => {
    const shown = shownPlaces(groups, { county: 'Ocean', find: '' });
    expect(stepTarget(shown, 2, -1)).toBe(0);
    expect(stepTarget(shown, 0, -1)).toBeNull();
    expect(stepTarget(shown, 2, 1)).toBeNull();
    expect(orderOf(moved(groups, 2, stepTarget(shown, 2, -1)!))).toEqual([4, 1, 2, 3, 5]);
    // Down in a view of Monmouth: Pier passes Inlet, the Ocean beach between them stays where it was relative to them.
    const monmouth = shownPlaces(groups, { county: 'Monmouth', find: '' });
    expect(orderOf(moved(groups, 1, stepTarget(monmouth, 1, 1)!))).toEqual([1, 2, 4, 5, 3]);
  });

  it('reads a typed place from 1 to the number of beaches', () => {
    expect(typedPlace(' 3 ', 4)).toBe(2);
    expect(typedPlace('1', 4)).toBe(0);
    for (const wrong of ['0', '5', '', '2.5', '-1', 'two']) expect(typedPlace(wrong, 4)).toBeNull();
  });
});
