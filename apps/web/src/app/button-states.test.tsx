import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, IconButton } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { renderRoutes } from '../test/render';

describe("the app's buttons", () => {
  it('draw no ripple (decision 052): nothing renders on a tap, neither on the touch nor on its release', async () => {
    const { container } = renderRoutes(
      <>
        <Button variant="contained">Guardar</Button>
        <IconButton aria-label="Sumar">
          <AddIcon />
        </IconButton>
      </>,
    );
    // MUI's ripple keeps a box of its own in every button, and a ripple in it for a while after a tap.
    expect(container.querySelector('.MuiTouchRipple-root')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sumar' }));
    expect(container.querySelector('.MuiTouchRipple-ripple')).toBeNull();
  });
});
