import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UserAvatar } from './user-avatar';

describe('UserAvatar', () => {
  it('shows the upper-case initial and is named after the user', () => {
    render(<UserAvatar username="lucia" />);
    const avatar = screen.getByRole('img', { name: 'lucia' });
    expect(avatar).toHaveTextContent(/^L$/);
  });

  it('is hidden from screen readers when decorative', () => {
    render(<UserAvatar username="lucia" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('L')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows ? without a name', () => {
    render(<UserAvatar username="" />);
    expect(screen.getByRole('img', { name: '?' })).toHaveTextContent('?');
  });
});
