import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Freshness } from './Freshness.tsx';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('Freshness', () => {
  it('flags a capture older than two days with its date and age', () => {
    render(<Freshness at="2026-07-19T12:00:00Z" now={NOW} />);

    const note = screen.getByTestId('freshness');
    expect(note).toHaveTextContent('Latest capture Jul 19, 2026 — 131 days ago');
    expect(note).toHaveAttribute('data-stale', 'true');
    expect(note.querySelector('time')).toHaveAttribute('dateTime', '2026-07-19T12:00:00Z');
  });

  it('uses the label it is given', () => {
    render(<Freshness at="2026-11-20T12:00:00Z" label="Last snapshot" now={NOW} />);

    expect(screen.getByTestId('freshness')).toHaveTextContent('Last snapshot Nov 20, 2026 — 7 days ago');
  });

  it('says quietly how long ago a fresh capture was', () => {
    render(<Freshness at="2026-11-27T10:00:00Z" now={NOW} />);

    const note = screen.getByTestId('freshness');
    expect(note).toHaveTextContent(/^updated 2 hours ago$/);
    expect(note).toHaveAttribute('data-stale', 'false');
    expect(note.querySelector('time')).toHaveAttribute('dateTime', '2026-11-27T10:00:00Z');
  });

  it('stays quiet up to two days', () => {
    render(<Freshness at="2026-11-25T13:00:00Z" now={NOW} />);

    expect(screen.getByTestId('freshness')).toHaveTextContent(/^updated 2 days ago$/);
  });

  it('shows nothing when nothing was captured', () => {
    const { container } = render(<Freshness at={null} now={NOW} />);

    expect(container).toBeEmptyDOMElement();
  });
});
