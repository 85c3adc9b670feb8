import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CountryBar from './country-bar.tsx';

describe('CountryBar', () => {
  it('lists the countries in the order given, bars as shares of the largest, values formatted', () => {
    const { getByTestId } = render(
      <CountryBar
        items={[
          { code: 'US', name: 'United States', value: 2000 },
          { code: 'JP', name: 'Japan', value: 500 },
          { code: 'XX', name: 'XX', value: 0 },
        ]}
        fileType="money"
        title="Revenue ranked by country"
        height={180}
      />,
    );
    const list = getByTestId('country-chart');
    expect(list.tagName).toBe('OL');
    expect(list.getAttribute('aria-label')).toBe('Revenue ranked by country');
    const rows = [...list.querySelectorAll('li')];
    expect(rows.map((r) => r.querySelector('.country-bar-name')?.textContent)).toEqual([
      'United States',
      'Japan',
      'XX',
    ]);
    expect(rows.map((r) => r.querySelector<HTMLElement>('.country-bar-fill')?.style.width)).toEqual([
      '100%',
      '25%',
      '0%',
    ]);
    expect(rows.map((r) => r.querySelector('.country-bar-value')?.textContent)).toEqual([
      '2,000.00',
      '500.00',
      '0.00',
    ]);
  });
});
