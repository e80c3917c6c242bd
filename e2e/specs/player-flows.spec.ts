import { expect, test, type Page } from '@playwright/test';
import {
  addPlayer,
  createMatchThroughApi,
  createStoreThroughApi,
  createTournamentThroughApi,
  playOutThroughApi,
  registerPlayers,
  signInAdmin,
  signUpThroughApi,
  startTournamentThroughApi,
  tournamentsOfEveryKind,
  uniqueName,
  expectAccessible,
  expectNoHorizontalScroll,
  loginThroughForm,
  seat,
  snap,
} from './support';
import { allRoutes, expectNoOverflowOnRoutes, PUBLIC_ROUTES } from './route-walk';

// Issue 14: the player flows off the happy path (drafts, refusals, confirmations, redirects).

const team = (page: Page, n: 1 | 2) => page.getByRole('region', { name: `Equipo ${n}` });

test('the new-match draft survives a reload, the back button and a lost session', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'adraft', testInfo);
  const beto = await seat(browser, 'bdraft', testInfo);
  const page = ana.page;
  await page.goto('/new-match');
  await addPlayer(page, 1, ana.player.username);
  await addPlayer(page, 2, beto.player.username);
  await page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await page.getByRole('button', { name: /^Paliza/ }).click();

  // Reload: the form comes back with a note.
  await page.reload();
  await expect(page.getByText('Recuperamos el borrador que no se había guardado.')).toBeVisible();
  await expect(team(page, 2).getByText(beto.player.username, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Paliza/ })).toHaveAttribute('aria-pressed', 'true');
  await expectNoHorizontalScroll(page);
  await snap(page, testInfo, 'new-match-draft-restored');
  await expectAccessible(page);

  // Away and back.
  await page.goto('/decks');
  await expect(page.getByRole('heading', { name: 'Mis Mazos' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/new-match$/);
  await expect(team(page, 1).getByText(ana.player.username, { exact: true }).first()).toBeVisible();
  // The form shows before all its reads are out (the players' decks are asked for as their rows
  // mount): cookies cleared in between fail that read, which rightly ends the session before the
  // save. The session is lost here once the screen has loaded, as for a player who stays on it.
  await page.waitForLoadState('networkidle');

  // Cookies gone: saving sends the player to sign in with the SPEC notice, and back to the form.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Tu sesión ha expirado. Por favor inicia sesión nuevamente.')).toBeVisible();
  await snap(page, testInfo, 'login-session-expired');
  await loginThroughForm(page, ana.player);
  await expect(page).toHaveURL(/\/new-match$/);
  await expect(page.getByText('Recuperamos el borrador que no se había guardado.')).toBeVisible();
  await expect(team(page, 2).getByText(beto.player.username, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(page).toHaveURL(/\/my-matches$/);

  // Saved: where it is, and no draft left.
  await expect(
    page.getByText(`Partida registrada: esperando la aprobación de ${beto.player.username}`),
  ).toBeVisible();
  await snap(page, testInfo, 'match-registered-toast');
  await page.getByRole('link', { name: 'Ver partida' }).click();
  await expect(page).toHaveURL(/\/match\/\d+$/);
  await expect(page.getByText('Pendiente').first()).toBeVisible();
  await page.goto('/new-match');
  await expect(page.getByRole('heading', { name: 'Nueva Partida' })).toBeVisible();
  await expect(page.getByText('Recuperamos el borrador que no se había guardado.')).toHaveCount(0);
});

test('Descartar drops the draft', async ({ browser }, testInfo) => {
  const ana = await seat(browser, 'adesc', testInfo);
  const page = ana.page;
  await page.goto('/new-match');
  await addPlayer(page, 1, ana.player.username);
  await page.reload();
  await page.getByRole('button', { name: 'Descartar' }).click();
  await expect(team(page, 1).getByText(ana.player.username, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nueva Partida' })).toBeVisible();
  await expect(page.getByText('Recuperamos el borrador que no se había guardado.')).toHaveCount(0);
});

test('recording a match one does not play in: said before saving, and a 403 keeps the player on the form', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'a403', testInfo);
  const beto = await seat(browser, 'b403', testInfo);
  const carla = await seat(browser, 'c403', testInfo);
  const page = carla.page;
  await page.goto('/new-match');
  await addPlayer(page, 1, ana.player.username);
  await addPlayer(page, 2, beto.player.username);
  await page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await expect(page.getByRole('list', { name: 'Falta para guardar' })).toContainText(
    'No tienes permisos para crear esta partida',
  );
  await expect(page.getByRole('button', { name: 'Guardar Partida' })).toBeDisabled();
  await snap(page, testInfo, 'new-match-not-a-player');

  // A 403 that still happens (the server's rule changed, say): the player stays, form intact.
  await page.getByRole('button', { name: `Quitar a ${ana.player.username}` }).click();
  await addPlayer(page, 1, carla.player.username);
  await page.route('**/api/matches', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            error: 'No tienes permisos para crear esta partida',
            message: 'No tienes permisos para crear esta partida',
          }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No tienes permisos para crear esta partida' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/new-match$/);
  await expect(team(page, 2).getByText(beto.player.username, { exact: true }).first()).toBeVisible();
});

test('Rechazar asks first; Crear Nueva then back changes nothing; saving the new one cancels the old', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'arecr', testInfo);
  const beto = await seat(browser, 'brecr', testInfo);
  const matchId = await createMatchThroughApi(ana, beto);

  await beto.page.goto(`/match/${matchId}`);
  await beto.page.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = beto.page.getByRole('dialog', { name: '¿Rechazar la partida?' });
  await expect(dialog).toContainText(`#${matchId}`);
  await expect(dialog).toContainText(`${ana.player.username} 2 vs 1 ${beto.player.username}`);
  await snap(beto.page, testInfo, 'reject-confirmation');
  await expectAccessible(beto.page);
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(beto.page.getByText('Pendiente').first()).toBeVisible();
  await beto.page.getByRole('button', { name: 'Rechazar' }).click();
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(beto.page.getByText('Partida rechazada correctamente')).toBeVisible();

  await ana.page.goto(`/match/${matchId}`);
  await ana.page.getByRole('button', { name: 'Crear Nueva' }).click();
  await expect(ana.page).toHaveURL(/\/new-match$/);
  await expect(ana.page.getByText(`Datos cargados de la partida rechazada #${matchId}`)).toBeVisible();
  await ana.page.goBack();
  await expect(ana.page).toHaveURL(new RegExp(`/match/${matchId}$`));
  await expect(ana.page.getByText('Rechazada').first()).toBeVisible();
  const untouched = await ana.page.request.get(`/api/matches/${matchId}`);
  expect((await untouched.json()).approval_status).toBe('rejected');

  await ana.page.getByRole('button', { name: 'Crear Nueva' }).click();
  await ana.page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(ana.page).toHaveURL(/\/my-matches$/);
  await expect
    .poll(async () => (await (await ana.page.request.get(`/api/matches/${matchId}`)).json()).approval_status)
    .toBe('cancelled');
});

test('the creator withdraws their own pending match with Cancelar partida; the rival is not offered it', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'acanc', testInfo);
  const beto = await seat(browser, 'bcanc', testInfo);
  const matchId = await createMatchThroughApi(ana, beto);

  await beto.page.goto(`/match/${matchId}`);
  await expect(beto.page.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  await expect(beto.page.getByRole('button', { name: 'Cancelar partida' })).toHaveCount(0);

  await ana.page.goto(`/match/${matchId}`);
  await ana.page.getByRole('button', { name: 'Cancelar partida' }).click();
  const dialog = ana.page.getByRole('dialog', { name: '¿Cancelar la partida?' });
  await expect(dialog).toContainText(`#${matchId}`);
  await snap(ana.page, testInfo, 'cancel-confirmation');
  await expectAccessible(ana.page);
  await dialog.getByRole('button', { name: 'Cancelar partida' }).click();
  await expect(ana.page.getByText('Partida cancelada', { exact: true })).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Partida Cancelada' })).toBeDisabled();
});

test('signed-in visits to /login and /register go on; signed out, help leads to Ingresar and Registrarse', async ({
  browser,
  page,
}, testInfo) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Ayuda (En Progreso)' })).toBeVisible();
  await expect(page).toHaveTitle(/Ayuda/);
  await page.getByRole('link', { name: 'Registrarse' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle(/Crear cuenta/);

  const ana = await seat(browser, 'aredir', testInfo);
  await ana.page.goto('/login');
  await expect(ana.page).toHaveURL(/\/$/);
  await ana.page.goto('/register');
  await expect(ana.page).toHaveURL(/\/$/);
  await expect(ana.page).toHaveTitle(/^\[QA\] Inicio/);
  await ana.page.goto('/my-matches');
  await expect(ana.page).toHaveTitle(/^\[QA\] Mis Partidas/);
  await ana.page.goto('/tournaments');
  await expect(ana.page).toHaveTitle(/^\[QA\] Torneos/);
});

test('finished tournaments do not offer Inscribirse', async ({ browser, request }, testInfo) => {
  const ana = await seat(browser, 'ainsc', testInfo);
  const beto = await seat(browser, 'binsc', testInfo);
  const carla = await seat(browser, 'cinsc', testInfo);
  await signInAdmin(request);
  const store = await createStoreThroughApi(request, uniqueName('Inscripción ', testInfo));
  // Beto and Carla play one to its end, the organiser entering the result; another stays open.
  const done = await createTournamentThroughApi(request, store.id, uniqueName('Terminado ', testInfo), {
    type: 'single_elimination',
  });
  for (const player of [beto, carla]) await signUpThroughApi(player, done.id);
  await startTournamentThroughApi(request, done.id);
  const { winner } = await playOutThroughApi(request, done.id);
  expect(winner).not.toBeNull();
  const open = await createTournamentThroughApi(request, store.id, uniqueName('Abierto ', testInfo));

  await ana.page.goto(`/tournaments/${done.id}`);
  await expect(ana.page.getByRole('heading', { level: 1, name: done.name })).toBeVisible();
  await expect(ana.page.getByText('Finalizado').first()).toBeVisible();
  await expect(ana.page.getByText(`Ganador: ${winner!.username}`)).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Inscribirse' })).toHaveCount(0);
  await ana.page.goto(`/tournaments/${open.id}`);
  await expect(ana.page.getByRole('heading', { level: 1, name: open.name })).toBeVisible();
  await expect(ana.page.getByText('Abierto').first()).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Inscribirse' })).toBeVisible();
});

test('open screens follow the live connection: the match detail and the notifications page', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'alive', testInfo);
  const beto = await seat(browser, 'blive', testInfo);
  const first = await createMatchThroughApi(ana, beto);

  // Ana watches her match; Beto approves it elsewhere.
  await ana.page.goto(`/match/${first}`);
  await expect(ana.page.getByText('Pendiente').first()).toBeVisible();
  await expect(ana.page.getByRole('button', { name: /^Notif/ })).toBeVisible();
  const approve = await beto.page.request.post(`/api/matches/${first}/approve`);
  expect(approve.ok()).toBe(true);
  await expect(ana.page.getByText('Aprobada').first()).toBeVisible();

  // Beto sits on an empty notifications page; a match for him arrives and the page shows it.
  await beto.page.goto('/notifications');
  await expect(beto.page.getByText('No hay notificaciones pendientes')).toBeVisible();
  await createMatchThroughApi(ana, beto);
  await expect(beto.page.getByRole('tab', { selected: true })).toContainText('Partidas Pendientes');
  await expect(beto.page.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  await snap(beto.page, testInfo, 'notifications-live');
});

test('offline: a banner says so, and an action tried offline blames the connection', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'aoff', testInfo);
  const beto = await seat(browser, 'boff', testInfo);
  const matchId = await createMatchThroughApi(ana, beto);
  await beto.page.goto(`/match/${matchId}`);
  await expect(beto.page.getByRole('button', { name: 'Aprobar' })).toBeVisible();
  await beto.page.context().setOffline(true);
  await expect(beto.page.getByRole('alert').filter({ hasText: 'Sin conexión a internet' })).toBeVisible();
  await snap(beto.page, testInfo, 'offline-banner');
  await beto.page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(
    beto.page.getByText('Error de conexión con el servidor. Por favor, intente más tarde.').first(),
  ).toBeVisible();
  await expect(beto.page.getByText('No autenticado')).toHaveCount(0);
  await beto.page.context().setOffline(false);
  await expect(beto.page.getByRole('alert').filter({ hasText: 'Sin conexión a internet' })).toHaveCount(0);
  // Back online, the live connection returns without a notice staying behind.
  await expect(beto.page.getByText('Sin conexión en vivo — reintentando…')).toHaveCount(0);
});

test('a live connection that stays down is said in words, and can be dismissed', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'aws', testInfo);
  // The server refuses every live connection: the app keeps retrying.
  await ana.page.routeWebSocket(/\/ws/, (ws) => ws.close({ code: 1011, reason: 'caído' }));
  await ana.page.goto('/my-matches');
  const notice = ana.page.getByRole('status').filter({ hasText: 'Sin conexión en vivo — reintentando…' });
  await expect(notice).toBeVisible();
  await expectNoHorizontalScroll(ana.page);
  await snap(ana.page, testInfo, 'live-connection-down');
  await expectAccessible(ana.page);
  await notice.getByRole('button', { name: 'Cerrar aviso' }).click();
  await expect(notice).toHaveCount(0);
});

test('no screen scrolls sideways, at 360 and 320 px on the phone and on the desktop', async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Some forty screens, a few of them at two widths, after a tournament of each kind is played.
  test.slow();
  const phone = testInfo.project.name === 'mobile';
  const widths = phone ? [360, 320] : [1366];
  await expectNoOverflowOnRoutes(page, PUBLIC_ROUTES, widths);

  const ana = await seat(browser, 'nombre_muy_largo_', testInfo);
  const beto = await seat(browser, 'otro_nombre_largo_', testInfo);
  const matchId = await createMatchThroughApi(ana, beto);
  const others = await registerPlayers(request, 'jugador_nombre_largo', 6, testInfo);
  // Ana organises a store with a long name, so the admin screens are walked with their content;
  // its tournaments, one of each kind, fill the tournament screens.
  await signInAdmin(request);
  const store = await createStoreThroughApi(request, uniqueName('Tienda de nombre largo ', testInfo), [
    ana.player.id,
  ]);
  const tournaments = await tournamentsOfEveryKind(
    request,
    store.id,
    [ana, beto].map((s) => s.player.id).concat(others.map((p) => p.id)),
    uniqueName('Torneo de nombre larguísimo ', testInfo),
  );
  await expectNoOverflowOnRoutes(
    ana.page,
    allRoutes({
      matchId,
      userId: beto.player.id,
      storeId: store.id,
      tournamentId: tournaments.swiss,
      bracketIds: [tournaments.finished, tournaments.double, tournaments.roundRobin],
    }),
    widths,
    async (route, tab) => {
      if (phone) await snap(tab, testInfo, `walk-360${route.replace(/\//g, '_') || '_home'}`);
    },
  );
});

test('long names stay on one line, ellipsized, with the full name at hand', async ({ browser }, testInfo) => {
  const ana = await seat(browser, 'nombre_muy_largo_', testInfo);
  await ana.page.setViewportSize({ width: 320, height: 720 });
  await ana.page.goto('/profile');
  const heading = ana.page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveAttribute('title', ana.player.username);
  const box = await heading.evaluate((el) => ({
    lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    clipped: el.scrollWidth > el.clientWidth,
  }));
  expect(box.lines).toBe(1);
  expect(box.clipped).toBe(true);
  await expect(ana.page.getByRole('link', { name: `Perfil de ${ana.player.username}` })).toBeVisible();
  // Stat labels wrap instead of being cut.
  const label = ana.page.getByText('Porcentaje de victorias', { exact: true });
  await expect(label).toBeVisible();
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await snap(ana.page, testInfo, 'profile-long-name-320');
});

test('tables fit the phone or scroll inside their box with a visible cue; the +N avatar is readable', async ({
  browser,
  request,
}, testInfo) => {
  const ana = await seat(browser, 'atabla', testInfo);
  const page = ana.page;
  const others = await registerPlayers(request, 'tabla', 7, testInfo);
  await signInAdmin(request);
  const store = await createStoreThroughApi(request, uniqueName('Tablas ', testInfo));
  // Eight players: a Swiss under way (its standings) and a round robin (its table).
  const tournaments = await tournamentsOfEveryKind(
    request,
    store.id,
    [ana.player.id, ...others.map((p) => p.id)],
    uniqueName('Tablas ', testInfo),
  );
  for (const width of testInfo.project.name === 'mobile' ? [360, 320] : [1366]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [route, table] of [
      ['/torneos/general', 'Ranking General'],
      [`/tournaments/${tournaments.swiss}/leaderboard`, 'Posiciones del torneo'],
      [`/tournaments/${tournaments.roundRobin}/bracket`, 'Tabla de posiciones'],
    ] as const) {
      await page.goto(route);
      const region = page.getByRole('region', { name: table }).or(page.getByRole('table', { name: table }));
      await expect(region.first()).toBeVisible();
      const fit = await page.getByRole('table', { name: table }).evaluate((el) => {
        const box = el.parentElement!;
        return box.scrollWidth <= box.clientWidth + 1;
      });
      if (!fit) await expect(page.getByText('Desliza la tabla para ver más columnas →')).toBeVisible();
      // The score columns are on screen.
      const last = page.getByRole('table', { name: table }).getByRole('columnheader').last();
      const right = await last.evaluate((el) => el.getBoundingClientRect().right);
      if (fit) expect(right).toBeLessThanOrEqual(width);
    }
  }
  // Eight players, five avatars at most: four and "+4".
  await page.goto(`/tournaments/${tournaments.swiss}`);
  await expect(page.getByText('+4')).toBeVisible();
  await snap(page, testInfo, 'tournament-detail-avatars');
  await expectAccessible(page);
});

test('one Spanish date picker everywhere, DD/MM/YYYY even in an English browser', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, locale: 'en-US' });
  const page = await context.newPage();
  // The admin screens are for admins and organisers (decision 014), and Resultados needs a store.
  await signInAdmin(page.request);
  await createStoreThroughApi(page.request, uniqueName('Fechas ', testInfo));
  for (const [route, open, dialogName] of [
    ['/tournaments', 'Crear Torneo', 'Crear Torneo'],
    ['/admin/leagues', 'Nueva Liga', 'Nueva Liga'],
    ['/admin/results', null, null],
  ] as const) {
    await page.goto(route);
    if (open) await page.getByRole('button', { name: open }).click();
    const scope = dialogName ? page.getByRole('dialog', { name: dialogName }) : page.locator('main');
    await expect(scope.locator('input[type="date"]')).toHaveCount(0);
    const day = scope.getByRole('spinbutton', { name: 'Dia' });
    await day.click();
    await page.keyboard.type('05122026');
    const field = day.locator('xpath=ancestor::*[@role="group"][1]');
    await expect(field).toHaveText(/05\/12\/2026/);
    await snap(page, testInfo, `date-picker${route.replace(/\//g, '_')}`);
  }
  await context.close();
});
