import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TTournament } from '@mitos/domain/tournaments';
import { renderRoutes } from '../../../test/render';
import { tournamentRoutes } from '../routes';
import { mockTournamentFetch, tournament } from '../tournament-fixtures';

// The Markdown renderer's module loads only when this test lets it: the page must not wait for it.
const renderer = await vi.hoisted(async () => (await import('../../../test/module-gate')).moduleGate());
vi.mock('./rules-markdown', (importOriginal) => renderer.hold(importOriginal));

function renderDetail(detail: TTournament) {
  mockTournamentFetch({ 'GET /api/tournaments/1': { body: detail }, 'GET /api/stores': { body: [] } });
  renderRoutes([{ path: '/tournaments', children: tournamentRoutes }], { entries: ['/tournaments/1'] });
}

describe('the rules of a tournament', { shuffle: false }, () => {
  // First: once a test has loaded the renderer, it stays loaded for the file.
  it('are not shown, nor their renderer loaded, when the organiser wrote none', async () => {
    renderDetail(tournament({ rules: '  ' }));
    await screen.findByRole('navigation', { name: 'Secciones del torneo' });
    expect(screen.queryByRole('region', { name: 'Reglas' })).not.toBeInTheDocument();
    expect(renderer.loaded).toBe(false);
  });

  it('do not hold up the page: it is drawn while their renderer loads, and they follow', async () => {
    renderDetail(tournament({ rules: '## Formato\n\nSuizo a **4 rondas**.' }));
    await screen.findByRole('navigation', { name: 'Secciones del torneo' });
    expect(screen.getByText('Al mejor de 3')).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'Reglas' });
    expect(rules.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(within(rules).queryByRole('heading', { name: 'Formato' })).not.toBeInTheDocument();
    expect(renderer.loaded).toBe(true);

    renderer.open();
    expect(await within(rules).findByRole('heading', { name: 'Formato' })).toBeInTheDocument();
    expect(within(rules).getByText('4 rondas').tagName).toBe('STRONG');
    expect(rules.querySelector('[aria-busy="true"]')).toBeNull();
  });
});
