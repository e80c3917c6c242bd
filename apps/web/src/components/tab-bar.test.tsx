import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../test/render';
import { TabBar, tabForKey } from './tab-bar';

const TABS = [
  { value: 0, label: 'Aprobadas' },
  { value: 1, label: 'Pendientes' },
  { value: 2, label: 'Canceladas' },
] as const;

/** A row of three tabs, its choice kept as a page keeps it; `changes` sees every onChange. */
function renderBar(changes = vi.fn(), initial: 0 | 1 | 2 = 0) {
  function Page() {
    const [tab, setTab] = useState<0 | 1 | 2>(initial);
    return (
      <TabBar<0 | 1 | 2>
        value={tab}
        onChange={(next) => {
          changes(next);
          setTab(next);
        }}
        label="Mis Partidas"
        tabs={TABS}
        tabId={(i) => `t-${i}`}
        panelId={(i) => `p-${i}`}
      />
    );
  }
  renderRoutes(
    <>
      <button type="button">Antes</button>
      <Page />
      <button type="button">Después</button>
    </>,
  );
  return changes;
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('tabForKey', () => {
  it('moves to the next and previous tab, wrapping at both ends, and to the first and last', () => {
    expect([0, 1, 2].map((i) => tabForKey('ArrowRight', i, 3))).toEqual([1, 2, 0]);
    expect([0, 1, 2].map((i) => tabForKey('ArrowLeft', i, 3))).toEqual([2, 0, 1]);
    expect(tabForKey('Home', 2, 3)).toBe(0);
    expect(tabForKey('End', 0, 3)).toBe(2);
  });

  it('leaves every other key alone', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowDown', 'ArrowUp', 'a'])
      expect(tabForKey(key, 1, 3)).toBeUndefined();
  });
});

describe('TabBar', () => {
  it('is a named row of tabs, each controlling its panel, the chosen one selected', () => {
    renderBar(vi.fn(), 1);
    expect(screen.getByRole('tablist', { name: 'Mis Partidas' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Aprobadas',
      'Pendientes',
      'Canceladas',
    ]);
    expect(tab('Pendientes')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Aprobadas')).toHaveAttribute('aria-selected', 'false');
    expect(tab('Canceladas')).toHaveAttribute('aria-controls', 'p-2');
    expect(tab('Canceladas')).toHaveAttribute('id', 't-2');
  });

  it('chooses a tab tapped, and says nothing when the tab tapped is already chosen', async () => {
    const changes = renderBar();
    await userEvent.click(tab('Aprobadas'));
    expect(changes).not.toHaveBeenCalled();
    await userEvent.click(tab('Canceladas'));
    expect(changes).toHaveBeenCalledExactlyOnceWith(2);
    expect(tab('Canceladas')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Aprobadas')).toHaveAttribute('aria-selected', 'false');
  });

  it('puts only the chosen tab in the page’s Tab order', async () => {
    renderBar(vi.fn(), 1);
    screen.getByRole('button', { name: 'Antes' }).focus();
    await userEvent.tab();
    expect(tab('Pendientes')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Después' })).toHaveFocus();
  });

  it('moves the focus with the arrow keys, Home and End, without choosing', async () => {
    const changes = renderBar();
    tab('Aprobadas').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Pendientes')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Aprobadas')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Canceladas')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Aprobadas')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Canceladas')).toHaveFocus();
    expect(changes).not.toHaveBeenCalled();
    expect(tab('Aprobadas')).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses the focused tab with Enter or Space', async () => {
    const changes = renderBar();
    tab('Aprobadas').focus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(changes).toHaveBeenLastCalledWith(1);
    expect(tab('Pendientes')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight} ');
    expect(changes).toHaveBeenLastCalledWith(2);
    expect(tab('Canceladas')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Canceladas')).toHaveAttribute('tabindex', '0');
    expect(tab('Pendientes')).toHaveAttribute('tabindex', '-1');
  });
});
