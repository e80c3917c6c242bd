import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { APP_TITLE, PageTitle, pageTitle } from './page-title';

describe('page titles', () => {
  it('names the screen, with the QA prefix on QA hosts only', () => {
    expect(pageTitle('Mis Partidas', 'localhost')).toBe(`[QA] Mis Partidas · ${APP_TITLE}`);
    expect(pageTitle('Mis Partidas', '192.168.1.20')).toBe(`[QA] Mis Partidas · ${APP_TITLE}`);
    expect(pageTitle('Mis Partidas', 'mitos.example.com')).toBe(`Mis Partidas · ${APP_TITLE}`);
    expect(pageTitle('', 'mitos.example.com')).toBe(APP_TITLE);
  });

  it("sets the document's title while the screen is shown", () => {
    const { unmount } = render(<PageTitle title="Nueva Partida" />);
    expect(document.title).toBe(pageTitle('Nueva Partida'));
    unmount();
  });
});
