import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BeachFilters, type BeachFilterValue } from './BeachFilters';

function Harness({ counties, onChange, extra }: { counties: string[]; onChange: (patch: Partial<BeachFilterValue>) => void; extra?: boolean }) {
  const [value, setValue] = useState<BeachFilterValue>({ county: '', find: '' });
  return (
    <BeachFilters
      idPrefix="list"
      counties={counties}
      value={value}
      onChange={(patch) => {
        onChange(patch);
        setValue((v) => ({ ...v, ...patch }));
      }}
    >
      {extra && <input type="checkbox" aria-label="Only the flagged ones" />}
    </BeachFilters>
  );
}

describe('BeachFilters', () => {
  it('offers County (all counties first) and "Find a beach" in one group, and says each change', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness counties={['Atlantic', 'Cape May']} onChange={onChange} extra />);
    expect(screen.getByRole('group', { name: 'Which beaches to show' })).toBeInTheDocument();
    const county = screen.getByLabelText('County');
    expect(county).toHaveAttribute('id', 'list-county');
    expect([...county.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All counties', 'Atlantic', 'Cape May']);
    await user.selectOptions(county, 'Cape May');
    expect(onChange).toHaveBeenLastCalledWith({ county: 'Cape May' });
    const find = screen.getByLabelText('Find a beach');
    expect(find).toHaveAccessibleDescription('Part of a beach, station or municipality name');
    await user.type(find, 'ave');
    expect(onChange).toHaveBeenLastCalledWith({ find: 'ave' });
    // The page's own choices sit in the same group.
    expect(screen.getByRole('group', { name: 'Which beaches to show' })).toContainElement(screen.getByLabelText('Only the flagged ones'));
  });

  it('shows no County choice for a list of one county', () => {
    render(<Harness counties={['Ocean']} onChange={() => {}} />);
    expect(screen.queryByLabelText('County')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Find a beach')).toBeInTheDocument();
  });
});
