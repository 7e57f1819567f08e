/** A pending button refuses presses like a disabled one, but keeps keyboard focus. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

function SubmitForm({ onSubmit }: { onSubmit: () => void }) {
  const [pending, setPending] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
        setPending(true);
      }}
    >
      <input aria-label="Name" />
      <Button type="submit" pending={pending}>
        {pending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

describe('Button pending', () => {
  it('keeps focus while its request runs and submits only once', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SubmitForm onSubmit={onSubmit} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    await user.click(button);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
