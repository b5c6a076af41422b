import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartTooltip } from './chart-parts.tsx';

describe('ChartTooltip', () => {
  it('lists positions best first, each as "#19 Adventure"', () => {
    render(
      <ChartTooltip
        active
        label={Date.UTC(2026, 6, 15)}
        title={() => 'Jul 15, 2026'}
        payload={[
          { name: 'Adventure', value: 19, color: '#f59e0b' },
          { name: 'Main list', value: 42, color: '#4f46e5' },
          { name: 'Drama', value: 3, color: '#10b981' },
          { name: 'Fantasy', value: undefined, color: '#ef4444' },
        ]}
        order="ascending"
        row={(name, value) => `#${value} ${name}`}
      />,
    );
    expect(screen.getByText('Jul 15, 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '#3 Drama',
      '#19 Adventure',
      '#42 Main list',
    ]);
  });

  it('lists figures largest first', () => {
    render(
      <ChartTooltip
        active
        label={0}
        title={() => 'Day 3'}
        payload={[
          { name: 'Small', value: 963 },
          { name: 'Large', value: 12_480 },
        ]}
        order="descending"
        row={(name, value) => `${name} ${value.toLocaleString()}`}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Large ${(12_480).toLocaleString()}`,
      'Small 963',
    ]);
  });

  it('shows nothing while no point is pointed at', () => {
    const { container } = render(
      <ChartTooltip active={false} payload={[]} title={() => 'x'} order="ascending" row={() => 'x'} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
