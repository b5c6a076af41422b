import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fictionAt555 } from '../../../test/render.tsx';
import { StatsPanel } from './StatsPanel.tsx';

/** The statistic shown under a label, e.g. "4.6" under "Overall score". */
function stat(label: string) {
  const term = within(screen.getByRole('region', { name: 'Current Stats' })).getByText(label, {
    selector: 'dt',
  });
  return term.nextElementSibling?.textContent;
}

describe('StatsPanel', () => {
  it('shows every score with one decimal, as the list cards do', () => {
    render(
      <StatsPanel
        fiction={{
          ...fictionAt555,
          overall_score: 4.56,
          style_score: 4.04,
          story_score: 3.96,
          grammar_score: 5,
          character_score: 4.25,
        }}
        asOf={null}
      />,
    );

    expect(stat('Overall score')).toBe('4.6');
    expect(stat('Style score')).toBe('4.0');
    expect(stat('Story score')).toBe('4.0');
    expect(stat('Grammar score')).toBe('5.0');
    expect(stat('Character score')).toBe('4.3');
  });

  it('leaves out a missing overall score and missing or zero detailed scores; a missing count says N/A', () => {
    render(
      <StatsPanel
        fiction={{
          ...fictionAt555,
          overall_score: null,
          style_score: 0,
          story_score: null,
          grammar_score: 4.4,
          favorites: null,
        }}
        asOf={null}
      />,
    );

    expect(screen.queryByText('Overall score')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current Stats' })).not.toHaveTextContent('score N/A');
    expect(stat('Favorites')).toBe('N/A');
    expect(screen.queryByText('Style score')).not.toBeInTheDocument();
    expect(screen.queryByText('Story score')).not.toBeInTheDocument();
    expect(stat('Grammar score')).toBe('4.4');
  });
});
