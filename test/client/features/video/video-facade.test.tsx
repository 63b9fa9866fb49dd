import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoFacade } from '#client/features/video/video-facade.tsx';

describe('video facade', () => {
  it('loads nothing from the video host until the visitor clicks play', async () => {
    const user = userEvent.setup();
    const { container } = render(<VideoFacade src="https://video.example/embed/x" title="Film" />);
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Odtwórz film: Film' }));
    const frame = screen.getByTitle('Film');
    expect(frame.getAttribute('src')).toBe('https://video.example/embed/x');
  });
});
