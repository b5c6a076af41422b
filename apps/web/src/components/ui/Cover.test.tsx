import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cover } from './Cover.tsx';

describe('Cover', () => {
  it('shows the image with an alt text naming the fiction', () => {
    render(<Cover src="https://example.com/c.jpg" title="Super Supportive" />);
    const image = screen.getByRole('img', { name: 'Cover of Super Supportive' });

    expect(image).toHaveAttribute('src', 'https://example.com/c.jpg');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  it('shows a placeholder when there is no image', () => {
    render(<Cover src={null} title="Super Supportive" />);

    expect(screen.getByRole('img', { name: 'No cover for Super Supportive' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('shows the placeholder when the image fails to load', async () => {
    render(<Cover src="https://example.com/broken.jpg" title="Super Supportive" />);

    screen.getByRole('img', { name: 'Cover of Super Supportive' }).dispatchEvent(new Event('error'));

    expect(await screen.findByRole('img', { name: 'No cover for Super Supportive' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
