import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateTournamentDialog } from './create-tournament-dialog';
import { enterDay } from '../../../test/day-field';

function renderDialog(onCreate = vi.fn(() => true), onClose = vi.fn()) {
  render(<CreateTournamentDialog open onClose={onClose} onCreate={onCreate} />);
  return { onCreate, onClose };
}

describe('CreateTournamentDialog', () => {
  it('shows both required messages and creates nothing when empty', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Crear Torneo' }));
    expect(screen.getByText('El nombre del torneo es requerido')).toBeInTheDocument();
    expect(screen.getByText('La fecha de inicio es requerida')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('clears each message as soon as its field is fixed', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Crear Torneo' }));
    enterDay(/Fecha de Inicio/, '20/12/2026');
    expect(screen.queryByText('La fecha de inicio es requerida')).toBeNull();
    expect(screen.getByText('El nombre del torneo es requerido')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nombre del Torneo/), 'C');
    expect(screen.queryByText('El nombre del torneo es requerido')).toBeNull();
  });

  it('writes the start date DD/MM/YYYY in Spanish, whatever the browser language', () => {
    renderDialog();
    const group = screen.getByRole('group', { name: /Fecha de Inicio/ });
    enterDay(/Fecha de Inicio/, '05/12/2026');
    expect(group).toHaveTextContent('05/12/2026');
    expect(screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Dia',
      'Mes',
      'Año',
    ]);
  });

  it('creates with name, type, start date and optional rules', async () => {
    const user = userEvent.setup();
    const { onCreate } = renderDialog();
    await user.type(screen.getByLabelText(/Nombre del Torneo/), 'Copa Nueva');
    await user.click(screen.getByRole('combobox', { name: 'Tipo de Torneo' }));
    await user.click(await screen.findByRole('option', { name: 'Round Robin' }));
    enterDay(/Fecha de Inicio/, '20/12/2026');
    await user.click(screen.getByRole('button', { name: 'Crear Torneo' }));
    expect(onCreate).toHaveBeenCalledWith({
      name: 'Copa Nueva',
      type: 'round_robin',
      startDate: '2026-12-20',
      rules: '',
    });
    expect(screen.queryByText('El nombre del torneo es requerido')).not.toBeInTheDocument();
  });

  it('says so when the tournament could not be stored', async () => {
    const user = userEvent.setup();
    renderDialog(vi.fn(() => false));
    await user.type(screen.getByLabelText(/Nombre del Torneo/), 'Copa');
    enterDay(/Fecha de Inicio/, '20/12/2026');
    await user.click(screen.getByRole('button', { name: 'Crear Torneo' }));
    expect(screen.getByText('Error al crear el torneo...')).toBeInTheDocument();
  });

  it('cancels', async () => {
    const user = userEvent.setup();
    const { onClose, onCreate } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
    expect(onCreate).not.toHaveBeenCalled();
  });
});
